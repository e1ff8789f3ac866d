/// <reference lib="dom" />
import type { BrowserContext } from 'playwright-core';
import { Clock } from '@app/common';
import { PriceService } from '@app/market';
import { MarketClock } from '@app/market/instruments/market-clock';
import { registerUser, shot, startMoneyRun, userContext, type MoneyRun } from './web-user-support';
import type { RegisteredUser } from '../support/users';

/*
 * The order forms of a closed market tell when it opens again, and those of a market that closes
 * early today when it closes, in the user's language and time zone (here Berlin). The server's
 * clocks (the market's and the orders') are moved onto the seeded NYSE days around Christmas 2026:
 * Christmas Eve closes at 13:00 New York, Christmas Day (a Friday) is closed, so AAPL opens again on
 * Monday the 28th at 09:30 New York (15:30 in Berlin).
 */
describe('web-user: when a closed market opens, and an early close', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let aapl: number;
  let restoreClocks: () => void = () => undefined;

  const setClocks = (iso: string) => {
    restoreClocks();
    const at = new Date(iso);
    const market = jest.spyOn(run.t.app.get(MarketClock), 'now').mockImplementation(() => at);
    const orders = run.t.app.get(Clock);
    orders.set(at);
    restoreClocks = () => {
      market.mockRestore();
      orders.set(new Date());
      restoreClocks = () => undefined;
    };
  };

  /** A logged-in context (demo book) in `lang`, in Berlin time, on a desktop or a phone. */
  const context = (opts: { lang?: string; mobile?: boolean } = {}): Promise<BrowserContext> =>
    userContext(run, user, { ...opts, timezoneId: 'Europe/Berlin' });

  const formatted = (ctx: BrowserContext, iso: string, part: 'dateTime' | 'time', lang = 'en') =>
    ctx
      .pages()[0]
      .evaluate(
        ([value, which, locale]) =>
          which === 'time'
            ? new Date(value).toLocaleTimeString(locale, { timeStyle: 'short' })
            : new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
        [iso, part, lang] as const,
      );

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    const list = await run.t
      .http()
      .get('/swx/customer/index/listMarketByType')
      .query({ type: 6, pageNum: 1, pageSize: 100 });
    aapl = (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === 'AAPL')!.id;
    // A live price, so that only the hours close it.
    const prices = run.t.app.get(PriceService);
    const last = await prices.lastPrice('AAPL').catch(() => null);
    await prices.publishTick({ code: 'AAPL', price: last?.toFixed() ?? '190.00', ts: Date.now() });
  });
  afterEach(async () => {
    restoreClocks();
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it('a stock on a holiday: "Market closed · opens" Monday 15:30 Berlin, in the U and the options forms, desktop and phone', async () => {
    setClocks('2026-12-25T15:00:00Z');
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    await page.getByTestId('u-form').waitFor();
    const when = await formatted(ctx, '2026-12-28T14:30:00Z', 'dateTime');
    expect(when).toMatch(/^Dec 28, 2026, 3:30\sPM$/);
    const notice = page.getByTestId('u-form').getByTestId('market-closed');
    await notice.getByText(`Market closed · opens ${when}`, { exact: true }).waitFor();
    // No order is offered that the API would refuse with 10015.
    expect(await page.getByTestId('u-submit').isDisabled()).toBe(true);
    await page.getByTestId('trade-panel').scrollIntoViewIfNeeded();
    await shot(page, 'market-hours-closed-desktop');

    await page.getByTestId('trade-panel').getByRole('tab', { name: 'Options' }).click();
    await page
      .getByTestId('options-form')
      .getByTestId('market-closed')
      .getByText(`Market closed · opens ${when}`, { exact: true })
      .waitFor();
    expect(await page.getByTestId('options-up').isDisabled()).toBe(true);
    expect(await page.getByTestId('options-down').isDisabled()).toBe(true);
    await shot(page, 'market-hours-closed-options-desktop');

    const phone = await context({ mobile: true });
    const mobile = await phone.newPage();
    await mobile.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    const closed = mobile.getByTestId('u-form').getByTestId('market-closed');
    await closed.getByText(`Market closed · opens ${when}`, { exact: true }).waitFor();
    await closed.scrollIntoViewIfNeeded();
    await shot(mobile, 'market-hours-closed-phone');
  });

  it('in Arabic, right to left, with the date in Arabic', async () => {
    setClocks('2026-12-26T12:00:00Z');
    const ctx = await context({ lang: 'ar', mobile: true });
    const page = await ctx.newPage();
    await page.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    const when = await formatted(ctx, '2026-12-28T14:30:00Z', 'dateTime', 'ar');
    const notice = page.getByTestId('u-form').getByTestId('market-closed');
    await notice.getByText(`السوق مغلق · يفتح في ${when}`, { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await notice.scrollIntoViewIfNeeded();
    await shot(page, 'market-hours-closed-phone-ar');
  });

  it('an early close today: "Closes early today at" 19:00 Berlin, while the form trades', async () => {
    // Christmas Eve, 10:00 New York (16:00 in Berlin); the browser's clock on the same moment.
    setClocks('2026-12-24T15:00:00Z');
    const ctx = await context();
    const page = await ctx.newPage();
    await page.clock.setFixedTime(new Date('2026-12-24T15:00:00Z'));
    await page.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    await page.getByTestId('u-form').waitFor();
    const time = await formatted(ctx, '2026-12-24T18:00:00Z', 'time');
    expect(time).toMatch(/^7:00\sPM$/);
    await page
      .getByTestId('u-form')
      .getByTestId('market-closes-early')
      .getByText(`Closes early today at ${time}`, { exact: true })
      .waitFor();
    expect(await page.getByTestId('market-closed').count()).toBe(0);
    expect(await page.getByTestId('u-submit').isEnabled()).toBe(true);
    await page.getByTestId('trade-panel').scrollIntoViewIfNeeded();
    await shot(page, 'market-hours-early-close-desktop');

    const phone = await context({ mobile: true });
    const mobile = await phone.newPage();
    await mobile.clock.setFixedTime(new Date('2026-12-24T15:00:00Z'));
    await mobile.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    const early = mobile.getByTestId('u-form').getByTestId('market-closes-early');
    await early.getByText(`Closes early today at ${time}`, { exact: true }).waitFor();
    await early.scrollIntoViewIfNeeded();
    await shot(mobile, 'market-hours-early-close-phone');
  });

  it('a regular day shows no notice', async () => {
    setClocks('2026-12-23T15:00:00Z');
    const ctx = await context();
    const page = await ctx.newPage();
    await page.clock.setFixedTime(new Date('2026-12-23T15:00:00Z'));
    await page.goto(`/cruuency?id=${aapl}&code=AAPL&type=6`);
    await page.getByTestId('u-form').waitFor();
    // Time for the market info to answer (the notices come from it) before counting them.
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('market-closes-early').count()).toBe(0);
    expect(await page.getByTestId('market-closed').count()).toBe(0);
  });
});
