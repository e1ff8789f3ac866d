/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { PriceService } from '@app/market';
import { adminToken } from '../e2e/trading/trading-support';
import { waitFor } from '../e2e/market/market-support';
import { loadConsoleLanguage } from './console-languages';
import {
  cutOffOn,
  mobileContext,
  screenshot,
  startConsoleSession,
  type ConsoleSession,
} from './browser-support';

const DAY_MS = 86_400_000;
/** The list, with whatever filter it remembers. */
const LIST = /\/admin\/market-closures(\?.*)?$/;

// The console's Market closures screen as an operator uses it: the seeded exchange calendar is
// listed, a closure is added for a day of a market, turned into an early close, and deleted; the
// market follows each change (the price service says closed on that day). The closures made are
// for days a year and more from now: nothing depends on the day the test runs, and no other test
// of the run meets them.
describe('web-admin market closures in a real browser', () => {
  let session: ConsoleSession;
  let page: Page;
  let api: string;
  let prices: PriceService;
  // A day more than a year from now, on which metals (forex hours, New York) trade at 12:00 UTC
  // unless closed: a Wednesday.
  const target = (() => {
    let at = Date.now() + 400 * DAY_MS;
    while (new Date(at).getUTCDay() !== 3) at += DAY_MS;
    return new Date(at).toISOString().slice(0, 10);
  })();
  const noon = new Date(`${target}T12:00:00Z`);
  const afternoon = new Date(`${target}T19:00:00Z`); // 14:00 or 15:00 New York
  const bearer = () => ({ Authorization: `Bearer ${api}` });
  const made = async () =>
    (
      await session.run.t
        .http()
        .get('/swx/admin/market-closures')
        .query({ filter: JSON.stringify({ from: target, to: target }) })
        .set(bearer())
    ).body.result as { id: number; type: number; closesAt: string | null; name: string }[];

  beforeAll(async () => {
    session = await startConsoleSession('closures-admin@example.com', 'closures-browser-password', [
      'operator',
    ]);
    page = session.page;
    api = await adminToken(session.run.t);
    prices = session.run.t.app.get(PriceService);
  });
  afterAll(async () => {
    if (session)
      for (const c of await made())
        await session.run.t.http().delete(`/swx/admin/market-closures/${c.id}`).set(bearer());
    await session?.close();
  });

  it('lists the seeded calendar in the configuration menu, adds, edits and deletes a closure', async () => {
    // A retry starts over: no closure of an earlier attempt on the day.
    for (const c of await made())
      await session.run.t.http().delete(`/swx/admin/market-closures/${c.id}`).set(bearer());
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Market closures' }).click();
    await page.waitForURL(/\/admin\/market-closures/);
    await page.getByTestId('closures-help').waitFor();
    // The seeded NYSE calendar: Good Friday 2027, stocks and ETF.
    await page.goto(
      `/admin/market-closures?filter=${encodeURIComponent(JSON.stringify({ q: 'Good Friday' }))}`,
    );
    await page.getByRole('cell', { name: '2027-03-26' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Good Friday' }).count()).toBeGreaterThanOrEqual(2);
    await page.goto(
      `/admin/market-closures?filter=${encodeURIComponent(JSON.stringify({ q: 'Christmas Eve' }))}`,
    );
    await page.getByRole('cell', { name: '13:00' }).first().waitFor();
    await screenshot(page, 'web-admin-closures-list-1280');
    expect(await cutOffOn(page)).toEqual([]);

    expect(prices.isTradable('XAUUSD', noon)).toBe(true);
    await page.goto('/admin/market-closures/create');
    await page.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Metals' }).click();
    await page.locator('input[name="day"]').fill(target);
    await page.locator('input[name="name"]').fill('Exchange outage drill');
    await screenshot(page, 'web-admin-closures-create-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(LIST);
    const [created] = await waitFor(
      async () => {
        const rows = await made();
        return rows.length === 1 ? rows : null;
      },
      15_000,
      'the closure saved',
    );
    expect(created).toMatchObject({ type: 7, closesAt: null, name: 'Exchange outage drill' });
    await waitFor(() => !prices.isTradable('XAUUSD', noon), 15_000, 'metals closed on the day');
    expect(prices.isTradable('XAUUSD', new Date(noon.getTime() - DAY_MS))).toBe(true);

    // The same market and day twice: said under the date.
    await page.goto('/admin/market-closures/create');
    await page.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Metals' }).click();
    await page.locator('input[name="day"]').fill(target);
    await page.locator('input[name="name"]').fill('Twice');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`This market already has a closure on ${target}`).first().waitFor();

    // An early close at 13:00 New York: open at noon UTC, closed in the afternoon.
    await page.goto(`/admin/market-closures/${created.id}`);
    await page.locator('input[name="closesAt"]').fill('13:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(LIST);
    await waitFor(() => prices.isTradable('XAUUSD', noon), 15_000, 'the early close');
    expect(prices.isTradable('XAUUSD', afternoon)).toBe(false);
    await page.goto(
      `/admin/market-closures?filter=${encodeURIComponent(JSON.stringify({ from: target, to: target }))}`,
    );
    await page.getByRole('cell', { name: 'Exchange outage drill' }).waitFor();
    await page.getByRole('cell', { name: '13:00' }).waitFor();
    await screenshot(page, 'web-admin-closures-edited-1280');

    await page.goto(`/admin/market-closures/${created.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(LIST);
    await waitFor(async () => (await made()).length === 0, 15_000, 'the closure deleted');
    await waitFor(() => prices.isTradable('XAUUSD', afternoon), 15_000, 'metals open again');
    expect(session.pageErrors).toEqual([]);
  });

  it('reads in Arabic, right to left, and fits a phone', async () => {
    const ar = loadConsoleLanguage('ar').closures;
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await page.goto(`/admin/market-closures?filter=${encodeURIComponent(JSON.stringify({ type: 7 }))}`);
    await page.getByText(ar.swx.closures.help).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('cell', { name: ar.swx.closures.allDay }).first().waitFor();
    await screenshot(page, 'web-admin-closures-list-ar-1280');
    await page.goto('/admin/market-closures/create');
    await page.getByText(ar.swx.closures.closesAtHelp).waitFor();
    await screenshot(page, 'web-admin-closures-create-ar-1280');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));

    let phone: BrowserContext | undefined;
    try {
      phone = await mobileContext(session.run);
      const mobile = await phone.newPage();
      await mobile.goto('/admin/login');
      await mobile.evaluate(
        (session) => localStorage.setItem('swx-admin-session', session),
        await page.evaluate(() => localStorage.getItem('swx-admin-session') ?? ''),
      );
      for (const [lang, name] of [
        ['en', 'en'],
        ['ar', 'ar'],
      ]) {
        await mobile.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
        await mobile.goto('/admin/market-closures');
        await mobile.getByTestId('closures-help').waitFor();
        await mobile.waitForLoadState('networkidle');
        const extra = await mobile.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect({ lang, extra }).toEqual({ lang, extra: 0 });
        await screenshot(mobile, `web-admin-closures-list-${name}-390`);
      }
    } finally {
      await phone?.close();
    }
  });
});
