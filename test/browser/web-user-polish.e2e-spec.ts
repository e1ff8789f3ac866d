/// <reference lib="dom" />
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { LedgerService, SystemAccount } from '@app/ledger';
import type { RegisteredUser } from '../support/users';
import { cutOffOn } from './browser-support';
import {
  demoHeaders,
  depositReal,
  grouped,
  groupedPrice,
  inWindow,
  realHeaders,
  registerUser,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  tick,
  until,
  userContext,
  type MoneyRun,
} from './web-user-support';

/** 18 decimals (what NUMERIC(38,18) keeps), 10 more than formatAmount showed: a withdrawal held. */
const WITHDRAWN = '120.123456789012345678';
/** A smart plan's principal (a holding of the detailed view). */
const PRINCIPAL_DECIMALS = '0.000000000000000007';
const BTC = '0.012345678901234567';
/** A resting spot buy whose price has fewer decimals than the pair's tick (0.01): 60,000.5. */
const SPOT_PRICE = '60000.5';

type Level = [string, string, number];

const LANGUAGES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'] as const;

/** Whether the glyph `mark` is drawn to the right of the digit before it (reads "10×", not "×10"). */
async function markRightOfDigits(locator: Locator, mark: string): Promise<boolean> {
  return locator.evaluate((el, m) => {
    // Every character of the element's text with its text node (React writes "10" and "×" apart).
    const chars: { node: Node; at: number; char: string }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at++) chars.push({ node, at, char: text[at] });
    }
    const markAt = chars.findIndex((c) => c.char === m);
    if (markAt < 0) throw new Error(`no ${m} in ${JSON.stringify(el.textContent)}`);
    let digitAt = markAt - 1;
    while (digitAt >= 0 && !/\d/.test(chars[digitAt].char)) digitAt--;
    if (digitAt < 0) throw new Error(`no digit before ${m} in ${JSON.stringify(el.textContent)}`);
    const rect = ({ node, at }: { node: Node; at: number }) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    return rect(chars[markAt]).left >= rect(chars[digitAt]).right - 0.5;
  }, mark);
}

/** How many lines the element's text takes. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    return tops.size;
  });
}

/* Small defects of a visual review: the footer's year, leverage in Arabic, the order lists' headers
   at 1280 px, spot prices with the pair's decimals everywhere, frozen amounts and holdings with
   every decimal, and the exchange page's swap button. */
describe('web-user polish', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  let frozen: string;
  let principal: string;
  let total: string;
  let btc: string;

  const adjust = (currency: string, kind: string, amount: string) =>
    run.t.app.get(LedgerService).post({
      key: `polish-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.Adjustments },
            book: 'real',
            currency,
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency, kind },
          amount,
        },
      ],
    });

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000.000000000000000003');
    await adjust('BTC', 'available', BTC);
    // A withdrawal waiting for review holds its amount and fee (frozen).
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const withdrawn = await run.t.http().post('/swx/customer/user/withdrawal').set(realHeaders(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: WITHDRAWN,
      withdrawPassword: 'withdraw-secret',
    });
    if (withdrawn.body.code !== 20003) throw new Error(JSON.stringify(withdrawn.body));
    // A smart plan's principal with 18 decimals.
    const product = (
      (await run.t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        minAmount: string;
        cycles: number[];
      }[]
    )[0];
    const bought = await run.t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(realHeaders(user))
      .send({
        productId: product.id,
        amount: new Decimal(product.minAmount).plus(PRINCIPAL_DECIMALS).toFixed(),
        days: product.cycles[0],
      });
    if (bought.body.code !== 20004) throw new Error(JSON.stringify(bought.body));
    // A long position on the demo book with a stop-loss and a take-profit (the SL / TP column).
    const opened = await run.t.http().post('/swx/customer/order/buyU').set(demoHeaders(user)).send({
      code: 'BTCUSDT',
      direction: 'buy',
      lots: '0.1',
      leverage: 10,
      stopLoss: '60000',
      takeProfit: '70000',
    });
    if (opened.body.code !== 20004) throw new Error(JSON.stringify(opened.body));
    // The market maker quotes the real spot book; a limit buy under it rests.
    await until(
      async () =>
        (await run.t.http().get('/swx/customer/order/getBbDepth/BTCUSDT').set({ virtually: 'YES' })).body
          .result as { bids: Level[] },
      (d) => d.bids.length >= 3,
      30_000,
    );
    const placed = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(realHeaders(user))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: SPOT_PRICE, quantity: '0.001' });
    if (placed.body.code !== 200) throw new Error(JSON.stringify(placed.body));
    // A market buy that fills: its average price is in the historical entrusts.
    const marketBuy = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(realHeaders(user))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '100' });
    if (marketBuy.body.code !== 200) throw new Error(JSON.stringify(marketBuy.body));
    await until(
      async () =>
        (await run.t.http().get('/swx/customer/order/listBbOrder?type=history').set(realHeaders(user))).body
          .result.list as { state: string }[],
      (list) => list.some((o) => o.state === 'filled'),
    );
    const usdt = (
      (await run.t.http().get('/swx/customer/user/listCoinAccounts').set(realHeaders(user))).body.result as {
        currency: string;
        frozen: string;
        total: string;
        other: Record<string, string>;
      }[]
    ).find((a) => a.currency === 'USDT')!;
    ({ frozen, total } = usdt);
    btc = (
      (await run.t.http().get('/swx/customer/order/listBbAccounts').set(realHeaders(user))).body.result as {
        currency: string;
        holdings: string;
      }[]
    ).find((a) => a.currency === 'BTC')!.holdings;
    principal = usdt.other.principal;
    // More decimals than formatAmount's 8, in each figure.
    for (const value of [frozen, total, principal, btc])
      expect(value.split('.')[1]?.length).toBeGreaterThan(8);
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it("the footer shows the clock's year, not 2023", async () => {
    const context = await run.browser.newContext({
      baseURL: run.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
    await page.goto('/');
    const bottom = page.locator('.footer-bottom');
    await bottom.waitFor();
    expect(await bottom.innerText()).toBe('© 2031 SWX. All rights reserved.');
    await page.clock.setFixedTime(new Date('2027-01-02T12:00:00Z'));
    await page.reload();
    expect(await bottom.innerText()).toContain('© 2027 SWX');
    // Without a fixed clock: this year, in Arabic too, on a phone as on a desktop.
    const year = String(new Date().getFullYear());
    for (const mobile of [false, true]) {
      const ar = await (await userContext(run, user, { lang: 'ar', mobile })).newPage();
      await ar.goto('/');
      await ar.locator('.footer-bottom').waitFor();
      await ar.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await shot(ar, `polish-footer-ar-${mobile ? 'phone' : 'desktop'}`);
      expect(await ar.locator('.footer-bottom').innerText()).toContain(`© ${year} SWX`);
      // Scrolled to the end, the line is in view: on a phone it was under the tab bar.
      expect(await inWindow(ar, ar.locator('.footer-bottom'))).toBe(true);
      if (mobile) {
        const bar = (await ar.locator('.tabbar').boundingBox())!;
        const line = (await ar.locator('.footer-bottom').boundingBox())!;
        expect(line.y + line.height).toBeLessThanOrEqual(bar.y + 0.5);
      }
    }
  });

  it('in Arabic a leverage reads "10×" (the × after the figure), in English as before', async () => {
    const en = await (await userContext(run, user)).newPage();
    await en.goto('/orders');
    const direction = en.getByTestId('u-direction').first();
    await direction.waitFor();
    expect(await direction.innerText()).toBe('Buy / long 10×');

    for (const mobile of [false, true]) {
      const page = await (await userContext(run, user, { lang: 'ar', mobile })).newPage();
      await page.goto('/orders');
      const cell = page.getByTestId('u-direction').first();
      await cell.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await shot(page, `polish-leverage-ar-${mobile ? 'phone' : 'desktop'}`);
      // It read "×10".
      expect(await markRightOfDigits(cell, '×')).toBe(true);
      // The closing confirmation says it the same way.
      await page.getByTestId('close-position').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const row = dialog.locator('dd').filter({ hasText: '×' }).first();
      await shot(page, `polish-leverage-ar-close-${mobile ? 'phone' : 'desktop'}`);
      expect(await markRightOfDigits(row, '×')).toBe(true);
    }
  });

  it('at 1280 px the positions\' "Current price" and "SL / TP" headers take one line, in every language', async () => {
    const wrapped: string[] = [];
    const overflowing: string[] = [];
    for (const lang of LANGUAGES) {
      const page = await (await userContext(run, user, { lang })).newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/orders');
      const table = page.getByTestId('u-list-current');
      await table.locator('tbody tr').first().waitFor();
      if (lang === 'en' || lang === 'ar') await shot(page, `polish-orders-1280-${lang}`);
      // The columns of the current and the stop-loss / take-profit prices.
      for (const th of [table.locator('thead th').nth(4), table.locator('thead th').nth(5)]) {
        if ((await linesOf(th)) > 1) wrapped.push(`${lang}: ${await th.innerText()}`);
      }
      // And the table still fits its card (the sticky Close button covered the status in Arabic).
      const over = await page.evaluate(() => {
        const box = document.querySelector('.table-scroll')!;
        return box.scrollWidth - box.clientWidth;
      });
      if (over > 0) overflowing.push(`${lang}: ${over} px`);
      expect(await cutOffOn(page)).toEqual([]);
      await page.context().close();
    }
    expect({ wrapped, overflowing }).toEqual({ wrapped: [], overflowing: [] });

    const phone = await (await userContext(run, user, { mobile: true })).newPage();
    await phone.goto('/orders');
    const card = phone.getByTestId('u-list-current').locator('tbody tr').first();
    await card.waitFor();
    await shot(phone, 'polish-orders-phone', true);
    expect(await phone.getByTestId('u-list-current').locator('thead').isVisible()).toBe(false);
    expect(await cutOffOn(phone)).toEqual([]);
  });

  it("spot prices have the pair's decimals in the order lists as in the book", async () => {
    const pairs = (await run.t.http().get('/swx/customer/order/listBbPairs')).body.result as {
      symbol: string;
      tickSize: string;
    }[];
    const tick = pairs.find((p) => p.symbol === 'BTCUSDT')!.tickSize;
    const places = (tick.split('.')[1] ?? '').replace(/0+$/, '').length;
    const price = groupedPrice(SPOT_PRICE, places); // 60,000.50
    for (const mobile of [false, true]) {
      const page = await (await userContext(run, user, { real: true, mobile })).newPage();
      await page.goto('/trade/spot?symbol=BTCUSDT');
      const level = page.getByTestId('depth-bids').locator('.depth-row').filter({ hasText: price });
      await level.first().waitFor();
      const list = page.getByTestId('spot-list-current');
      await list.waitFor();
      await shot(page, `polish-spot-${mobile ? 'phone' : 'desktop'}`, true);
      // It read "60,000.5 USDT" under a book that reads "60,000.50".
      expect(await list.innerText()).toContain(`${price} USDT`);
      // The filled market buy's average price has the tick's decimals too (it read 65,065).
      await page.getByTestId('spot-order-tabs').getByRole('tab', { name: 'Historical entrusts' }).click();
      const history = page.getByTestId('spot-list-history');
      await history.locator('[data-state="filled"]').first().waitFor();
      const average = mobile
        ? history.locator('[data-state="filled"] dd').nth(3)
        : history.locator('[data-state="filled"] td').nth(6);
      expect(await average.innerText()).toMatch(new RegExp(`^\\d{1,3}(,\\d{3})*\\.\\d{${places}}$`));
      await shot(page, `polish-spot-history-${mobile ? 'phone' : 'desktop'}`, true);
    }
  });

  it('frozen amounts and holdings show every decimal, like available balances', async () => {
    for (const mobile of [false, true]) {
      const page = await (await userContext(run, user, { real: true, mobile })).newPage();
      await page.goto('/profile/balancebb');
      const usdt = page.getByTestId('frozen-USDT');
      await usdt.waitFor();
      await shot(page, `polish-balancebb-${mobile ? 'phone' : 'desktop'}`, true);
      expect((await usdt.innerText()).trim()).toBe(grouped(frozen));
      expect(await page.getByTestId('holdings-USDT').innerText()).toContain(grouped(principal));
      expect(await cutOffOn(page)).toEqual([]);

      await page.goto('/profile/balance');
      const holdings = page.getByTestId('holdings-USDT');
      await holdings.waitFor();
      // Available, frozen and the plan's principal, to the 18th decimal.
      expect((await holdings.innerText()).trim()).toBe(grouped(total));
      expect((await page.getByTestId('holdings-BTC').innerText()).trim()).toBe(grouped(btc));

      // The profile's balances too (they were cut at 8 decimals there).
      await page.goto('/profile');
      await page.getByTestId('profile-frozen-USDT').getByText(grouped(frozen)).waitFor();
      expect((await page.getByTestId('profile-frozen-USDT').innerText()).trim()).toBe(grouped(frozen));

      await page.goto('/trade/spot?symbol=BTCUSDT');
      await page.getByTestId('spot-holdings').getByText(grouped(btc)).waitFor();
      expect(await page.getByTestId('spot-holdings').innerText()).toBe(grouped(btc));
    }
  });

  it('the exchange page swaps with a button of its size, centred between the two coins', async () => {
    for (const [lang, mobile] of [
      ['en', false],
      ['ar', false],
      ['en', true],
      ['ar', true],
    ] as const) {
      const page: Page = await (await userContext(run, user, { real: true, lang, mobile })).newPage();
      await page.goto('/profile/exchange');
      const from = page.getByTestId('exchange-from');
      const to = page.getByTestId('exchange-to');
      const swap = page.getByTestId('exchange-swap');
      await swap.waitFor();
      await shot(page, `polish-exchange-${lang}-${mobile ? 'phone' : 'desktop'}`);
      const [f, t, s] = [(await from.boundingBox())!, (await to.boundingBox())!, (await swap.boundingBox())!];
      // A button of its own size, not a third of the form (or the whole width on a phone).
      expect(s.width).toBeLessThan(80);
      expect(s.height).toBeLessThan(60);
      const centre = { x: s.x + s.width / 2, y: s.y + s.height / 2 };
      if (!mobile) {
        const [left, right] = f.x < t.x ? [f, t] : [t, f];
        expect(Math.abs(centre.x - (left.x + left.width + right.x) / 2)).toBeLessThan(2);
        expect(Math.abs(centre.y - (f.y + f.height / 2))).toBeLessThan(2);
      } else {
        expect(Math.abs(centre.x - (f.x + f.width / 2))).toBeLessThan(2);
        expect(centre.y).toBeGreaterThan(f.y + f.height);
        expect(centre.y).toBeLessThan(t.y);
      }
      // It still swaps.
      const before = [await from.inputValue(), await to.inputValue()];
      await swap.click();
      expect([await from.inputValue(), await to.inputValue()]).toEqual([before[1], before[0]]);
      expect(await cutOffOn(page)).toEqual([]);
    }
  });
});
