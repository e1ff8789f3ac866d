/// <reference lib="dom" />
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import { cutOffOn, englishLinesOn } from './browser-support';
import {
  depositReal,
  grouped,
  groupedPrice,
  realHeaders,
  registerUser,
  shot,
  startMoneyRun,
  tick,
  until,
  userContext,
  type MoneyRun,
} from './web-user-support';

interface Account {
  currency: string;
  available: string;
  frozen: string;
  holdings: string;
}
interface Pair {
  symbol: string;
  tickSize: string;
  lotSize: string;
  feeRatePercent: string | null;
}
type Level = [string, string, number];

/* Coin-to-coin (spot) trading as a user does it on the real account funded by an approved deposit:
   the live book and trades, a limit order that rests and is cancelled, a market buy that fills
   against the house's market maker. After each step the API says what the screen said. */
describe('web-user spot (coin-to-coin) screen', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let pair: Pair;

  const accounts = async (u: RegisteredUser) =>
    (await run.t.http().get('/swx/customer/order/listBbAccounts').set(realHeaders(u))).body
      .result as Account[];
  const coin = async (u: RegisteredUser, currency: string) =>
    (await accounts(u)).find((a) => a.currency === currency)!;
  const depth = async () =>
    (await run.t.http().get('/swx/customer/order/getBbDepth/BTCUSDT').set({ virtually: 'YES' })).body
      .result as { bids: Level[]; asks: Level[] };

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000');
    const pairs = (await run.t.http().get('/swx/customer/order/listBbPairs').set({ virtually: 'YES' })).body
      .result as Pair[];
    pair = pairs.find((p) => p.symbol === 'BTCUSDT')!;
    // The market maker quotes the real book around the feed price.
    await until(depth, (d) => d.bids.length >= 3 && d.asks.length >= 3, 30_000);
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  async function openSpot(page: Page) {
    await page.goto('/trade/spot?symbol=BTCUSDT');
    await page.getByTestId('depth-asks').locator('.depth-row').first().waitFor();
    await page.getByTestId('depth-bids').locator('.depth-row').first().waitFor();
    await page.locator('[data-testid="spot-live"][data-live="1"]').waitFor();
  }

  it('shows the live book and trades, rests a limit order, cancels it and buys at market', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await openSpot(page);
    // Every pair of listBbPairs is offered.
    const pairs = (await run.t.http().get('/swx/customer/order/listBbPairs')).body.result as Pair[];
    expect(await page.getByTestId('spot-pair').locator('option').count()).toBe(pairs.length);
    // Best prices and the spread are the book's.
    const book = await depth();
    // Prices show the pair's tick decimals (64,935.00 beside 64,870.05).
    const places = (pair.tickSize.split('.')[1] ?? '').replace(/0+$/, '').length;
    expect(await page.getByTestId('spot-best-bid').innerText()).toBe(groupedPrice(book.bids[0][0], places));
    expect(await page.getByTestId('spot-best-ask').innerText()).toBe(groupedPrice(book.asks[0][0], places));
    const rows = await page
      .getByTestId('depth-asks')
      .locator('.depth-row > span:nth-child(2)')
      .allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows)
      expect(text).toMatch(new RegExp(`^[\\d,]+${places ? `\\.\\d{${places}}` : ''}$`));
    expect(await page.getByTestId('spot-spread').innerText()).toMatch(/^\d+\.\d{2}%$/);
    await page
      .getByTestId('spot-available')
      .getByText(`${grouped((await coin(user, 'USDT')).available)} USDT`)
      .waitFor();

    // Another user buys at market: the trade appears on the open screen without a reload.
    const other = await registerUser(run.t);
    await depositReal(run, other, '500');
    const before = await page.getByTestId('trade-rows').locator('.trade-row').count();
    const bought = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(realHeaders(other))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '100' });
    expect(bought.body.code).toBe(200);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="trade-rows"] .trade-row').length > n,
      before,
    );

    // A limit buy well below the book: validation first, then it rests in the current entrusts.
    const moneyPosts: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (/\/order\/(submit|chedan)$/.test(r.url())) moneyPosts.push(r.headers());
    });
    await page.getByTestId('spot-type-limit').click();
    await page.getByTestId('spot-price').fill('58500');
    // A quarter of the available USDT at that price, down to whole lots (5,000 USDT: 1250 / 58500 =
    // 0.02136... -> 0.0213). From the balance the API answers: another file on the worker's
    // database may have set a deposit fee or the pair's lot.
    await page.getByTestId('spot-pct-25').click();
    const quarter = new Decimal((await coin(user, 'USDT')).available)
      .times('0.25')
      .div('58500')
      .toNearest(pair.lotSize, Decimal.ROUND_DOWN);
    expect(new Decimal(await page.getByTestId('spot-quantity').inputValue()).eq(quarter)).toBe(true);
    expect(quarter.gt(0)).toBe(true);
    await page.getByTestId('spot-quantity').fill('0.00015');
    await page.getByTestId('spot-submit').click();
    await page.getByText(`The quantity must be a multiple of ${pair.lotSize}`).waitFor();
    await page.getByTestId('spot-quantity').fill('0.001');
    expect(await page.getByTestId('spot-total').innerText()).toBe('58.5 USDT');
    await page.getByTestId('spot-submit').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the order' });
    await confirm.waitFor();
    expect(await page.getByTestId('confirm-amount').innerText()).toBe('0.001 BTC');
    // The price with the pair's decimals, as the book shows it (58,500.00).
    expect(await page.getByTestId('confirm-price').innerText()).toBe(`${groupedPrice('58500', places)} USDT`);
    expect(await page.getByTestId('confirm-total').innerText()).toBe('58.5 USDT');
    expect(await page.getByTestId('confirm-fee').innerText()).toBe('≈ 0.000001 BTC');
    await shot(page, 'spot-confirm-desktop');
    await page.getByTestId('confirm-action').click();
    await confirm.waitFor({ state: 'detached' });
    const resting = page.getByTestId('spot-list-current').locator('tbody tr[data-state="open"]').first();
    await resting.waitFor();
    expect(await resting.innerText()).toContain(`${groupedPrice('58500', places)} USDT`);
    expect(await resting.innerText()).toContain('Waiting for deal');
    // In the book its level's amount has the lot's decimals like the others (it read 0.001 above 0.0308).
    const lotPlaces = (pair.lotSize.split('.')[1] ?? '').replace(/0+$/, '').length;
    const level = page.getByTestId('depth-bids').locator('.depth-row').filter({ hasText: '58,500.00' });
    await level.waitFor();
    expect(await level.locator('span:nth-child(3)').innerText()).toBe(
      new Decimal('0.001').toFixed(lotPlaces),
    );
    const held = await coin(user, 'USDT');
    expect(held.frozen).toBe('58.5');
    expect(held.available).toBe('4941.5');
    await page.getByTestId('spot-available').getByText('4,941.5 USDT').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'spot-desktop');

    // Cancelled after a confirmation: the hold returns.
    await resting.getByTestId('spot-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the order' });
    await cancel.waitFor();
    expect(await page.getByTestId('confirm-returns').innerText()).toBe('58.5 USDT');
    await page.getByTestId('confirm-action').click();
    await page.getByText('Cancel succeeded').first().waitFor();
    await page.getByTestId('spot-list-current').waitFor({ state: 'detached' });
    const released = await until(
      () => coin(user, 'USDT'),
      (a) => a.frozen === '0',
    );
    expect(released.available).toBe('5000');
    await page.getByTestId('spot-available').getByText('5,000 USDT').waitFor();
    await page.getByTestId('spot-order-tabs').getByRole('tab', { name: 'Historical entrusts' }).click();
    await page
      .getByTestId('spot-list-history')
      .locator('tbody tr[data-state="cancelled"]')
      .getByText('Cancelled')
      .waitFor();

    // A market buy fills against the market maker: it lands in the history, BTC arrives.
    await page.getByTestId('spot-type-market').click();
    await page.getByTestId('spot-amount').fill('200');
    await page.getByTestId('spot-submit').click();
    await confirm.waitFor();
    expect(await page.getByTestId('confirm-amount').innerText()).toBe('200 USDT');
    expect(await page.getByTestId('confirm-fee').innerText()).toMatch(/^≈ [\d.]+ BTC$/);
    await page.getByTestId('confirm-action').click();
    await confirm.waitFor({ state: 'detached' });
    // (The screen opens the history itself once the answer says filled; the sequencer may answer later.)
    await page.getByTestId('spot-order-tabs').getByRole('tab', { name: 'Historical entrusts' }).click();
    const filled = page.getByTestId('spot-list-history').locator('tbody tr[data-state="filled"]').first();
    await filled.waitFor();
    expect(await filled.innerText()).toContain('Completed');
    const btc = await until(
      () => coin(user, 'BTC'),
      (a) => new Decimal(a.available).gt(0),
    );
    const list = (
      await run.t.http().get('/swx/customer/order/listBbOrder?type=history').set(realHeaders(user))
    ).body.result as { list: { state: string; filled: string; fee: string; turnover: string }[] };
    const order = list.list.find((o) => o.state === 'filled')!;
    // What arrived is what was filled less the fee (paid in BTC by a buyer).
    expect(new Decimal(btc.available).eq(new Decimal(order.filled).minus(order.fee))).toBe(true);
    expect(await filled.getByTestId('order-filled').innerText()).toBe(`${grouped(order.filled)} BTC`);
    const usdt = await coin(user, 'USDT');
    expect(usdt.frozen).toBe('0');
    // The part of the 200 USDT the fills did not need came back.
    expect(new Decimal(usdt.available).eq(new Decimal(5000).minus(order.turnover))).toBe(true);
    await page.getByTestId('spot-holdings').getByText(grouped(btc.holdings)).waitFor();
    // Each money POST carried its own idempotency key (place, cancel, place).
    const keys = moneyPosts.map((h) => h['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 16)).toBe(true);
    await shot(page, 'spot-history-desktop');
    await context.close();
  });

  it('lays the screen out for a phone', async () => {
    const context = await userContext(run, user, { real: true, mobile: true });
    const page = await context.newPage();
    // Reached from the market: a crypto coin's page links to its spot pair.
    const list = await run.t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
    const btc = (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === 'BTCUSDT')!;
    await page.goto(`/cruuency?id=${btc.id}&code=BTCUSDT&type=2`);
    await page.getByTestId('spot-link').click();
    await page.waitForURL(/\/trade\/spot\?symbol=BTCUSDT$/);
    await page.getByTestId('depth-asks').locator('.depth-row').first().waitFor();
    await page.locator('[data-testid="spot-live"][data-live="1"]').waitFor();
    await page.getByTestId('spot-form').waitFor();
    await page.getByTestId('spot-list-current').or(page.getByTestId('state-empty')).first().waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'spot-mobile', true);
    await page.getByTestId('spot-panels').getByRole('tab', { name: 'Recent trades' }).click();
    await page.getByTestId('trade-rows').waitFor();
    await page.getByTestId('spot-order-tabs').getByRole('tab', { name: 'Historical entrusts' }).click();
    await page.getByTestId('spot-list-history').locator('li[data-state="filled"]').first().waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'spot-mobile-trades', true);
    await context.close();
  });

  it('shows a visitor the live book and trades, and the login to trade', async () => {
    const context = await run.browser.newContext({
      baseURL: run.baseUrl,
      viewport: { width: 1280, height: 860 },
    });
    await context.addInitScript(() => sessionStorage.setItem('showboard', '1'));
    const page = await context.newPage();
    // A visitor sees the demo book (no account chosen yet).
    await openSpot(page);
    await page.getByTestId('spot-trades').getByText('No trades yet').waitFor();
    await page.getByTestId('spot-login').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.getByTestId('spot-orders').count()).toBe(0);
    expect(await cutOffOn(page)).toEqual([]);
    // The top bar leads here, and the picker switches the pair (its book, quoted or empty).
    expect(
      await page.getByTestId('desktop-topbar').getByRole('link', { name: 'Spot' }).getAttribute('href'),
    ).toBe('/trade/spot');
    await page.getByTestId('spot-pair').selectOption('ETHUSDT');
    await page.waitForURL(/symbol=ETHUSDT$/);
    // The address bar changes before React commits the new screen: wait for the ETH book first.
    await page.getByTestId('spot-book').getByText('Amount (ETH)').waitFor();
    await page.getByTestId('spot-book').locator('.depth-row, [data-testid="state-empty"]').first().waitFor();
    expect(await page.getByTestId('spot-book').getByText('Amount (BTC)').count()).toBe(0);
    await context.close();
  });

  it('reads right to left in Arabic with every text translated', async () => {
    const context = await userContext(run, user, { real: true, lang: 'ar' });
    const page = await context.newPage();
    await openSpot(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('spot-order-tabs').waitFor();
    await page.getByTestId('spot-submit').click();
    await page.getByText('يرجى إدخال الكمية').waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'spot-desktop-ar');
    await context.close();
  });
});
