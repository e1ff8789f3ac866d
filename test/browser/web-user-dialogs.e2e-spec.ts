/// <reference lib="dom" />
import Decimal from 'decimal.js';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import type { RegisteredUser } from '../support/users';
import {
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
  listNft,
} from './web-user-support';

type Level = [string, string, number];

/* Dialogs and forms a user can get stuck in or misled by: a tall dialog on a phone, a refused NFT
   bid, a market buy the book could fill only in part, the 2FA card's actions, a withdrawal larger
   than the balance, the toasts after closing a position. */
describe('web-user dialogs and forms', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000');
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    run.t.app.get(Clock).set(new Date());
    await run?.close();
  });

  it('keeps the title, × and the actions of the tall KYC dialog in view on a phone; the body scrolls', async () => {
    const context = await userContext(run, user, { real: true, mobile: true });
    const page = await context.newPage();
    await page.goto('/loan');
    await page.getByTestId('kyc-start').click();
    const dialog = page.getByRole('dialog', { name: 'Verify your identity' });
    await dialog.waitFor();
    await page.getByTestId('kyc-next').click();
    await page.getByText('Please fill in complete information').first().waitFor();
    await shot(page, 'dialog-kyc-mobile-errors');
    // The dialog fits the window: its head (title, ×) and its foot (Cancel, Next) are on screen.
    expect(await inWindow(page, dialog.getByRole('heading', { name: 'Verify your identity' }))).toBe(true);
    expect(await inWindow(page, dialog.getByRole('button', { name: 'Close' }))).toBe(true);
    expect(await inWindow(page, page.getByTestId('kyc-next'))).toBe(true);
    expect(await inWindow(page, dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    // The body between them scrolls to its last field.
    const body = dialog.locator('.modal-body');
    const scrolls = await body.evaluate((el) => el.scrollHeight > el.clientHeight + 10);
    expect(scrolls).toBe(true);
    const last = dialog.getByLabel('Document number');
    await last.scrollIntoViewIfNeeded();
    expect(await inWindow(page, last)).toBe(true);
    expect(await inWindow(page, page.getByTestId('kyc-next'))).toBe(true);
    await shot(page, 'dialog-kyc-mobile-scrolled');

    // A field's error goes when the field is filled in; the others stay until Next.
    const firstName = dialog.locator('.field', { has: page.getByLabel('First name') });
    await firstName.getByText('Please fill in complete information').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await firstName.getByText('Please fill in complete information').waitFor({ state: 'detached' });
    const lastName = dialog.locator('.field', { has: page.getByLabel('Last name') });
    expect(await lastName.getByText('Please fill in complete information').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    // On a desktop window, the × stays in view after the errors too.
    const desktop = await userContext(run, user, { real: true });
    const dp = await desktop.newPage();
    await dp.setViewportSize({ width: 1280, height: 720 });
    await dp.goto('/loan');
    await dp.getByTestId('kyc-start').click();
    await dp.getByTestId('kyc-next').click();
    await dp.getByText('Please fill in complete information').first().waitFor();
    const dd = dp.getByRole('dialog', { name: 'Verify your identity' });
    expect(await inWindow(dp, dd.getByRole('button', { name: 'Close' }))).toBe(true);
    expect(await inWindow(dp, dp.getByTestId('kyc-next'))).toBe(true);
    await shot(dp, 'dialog-kyc-desktop-errors');
    await desktop.close();

    // In Arabic (right to left) on a phone too.
    const arabic = await userContext(run, user, { real: true, mobile: true, lang: 'ar' });
    const ar = await arabic.newPage();
    await ar.goto('/loan');
    await ar.getByTestId('kyc-start').click();
    await ar.getByTestId('kyc-next').click();
    await ar.getByRole('dialog').locator('.field-error').first().waitFor();
    expect(await inWindow(ar, ar.getByTestId('kyc-next'))).toBe(true);
    expect(await inWindow(ar, ar.getByRole('dialog').locator('.modal-head button'))).toBe(true);
    await shot(ar, 'dialog-kyc-mobile-ar');
    await arabic.close();
  });

  it('tells a bid below the starting bid in the NFT dialog, which can then be closed or confirmed again at the starting bid', async () => {
    const nft = await listNft(run, `Bid drop ${Date.now()}`, '0x2222222222222222222222222222222222222222');
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/nfts');
    const card = page.locator(`article[data-nft="${nft.id}"]`);
    await card.getByTestId('nft-bid').click();
    const dialog = page.getByRole('dialog', { name: 'Place a bid' });
    await dialog.waitFor();
    // Nobody has bid yet: the dialog shows the starting bid, and a bid below it is refused.
    await dialog.getByText('Starting bid').waitFor();
    await page.getByTestId('bid-amount').fill('99');
    await page.getByTestId('confirm-action').click();
    await dialog.locator('.field-error').getByText('The bid must be at least 100').waitFor();
    // Confirm is usable again (not stuck on Loading…).
    await until(
      () => page.getByTestId('confirm-action').innerText(),
      (v) => v === 'Confirm',
      5000,
    );
    expect(await page.getByTestId('confirm-action').isDisabled()).toBe(false);
    await shot(page, 'dialog-nft-bid-low');
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Again, refused, then a higher bid goes through.
    await card.getByTestId('nft-bid').click();
    await page.getByTestId('bid-amount').fill('50');
    await page.getByTestId('confirm-action').click();
    await dialog.locator('.field-error').waitFor();
    // The starting bid itself is a valid first bid (the server's rule).
    await page.getByTestId('bid-amount').fill('100');
    await dialog.locator('.field-error').waitFor({ state: 'detached' });
    await page.getByTestId('confirm-action').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast').getByText('Bid placed').waitFor();
    await context.close();
  });

  it('tells a market buy the book could fill only in part as partly filled, not as an error', async () => {
    const buyer = await registerUser(run.t);
    await depositReal(run, buyer, '30000');
    const depth = async () =>
      (await run.t.http().get('/swx/customer/order/getBbDepth/BTCUSDT').set({ virtually: 'YES' })).body
        .result as { bids: Level[]; asks: Level[] };
    const book = await until(depth, (d) => d.asks.length >= 3, 30_000);
    // More than every ask of the book together.
    const asks = book.asks.reduce(
      (sum, [price, qty]) => sum.plus(new Decimal(price).mul(qty)),
      new Decimal(0),
    );
    const spend = asks.plus(2000).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed();
    const context = await userContext(run, buyer, { real: true });
    const page = await context.newPage();
    await page.goto('/trade/spot?symbol=BTCUSDT');
    await page.locator('[data-testid="spot-live"][data-live="1"]').waitFor();
    // The balance is on screen first (the form checks the amount against it).
    await page.getByTestId('spot-available').getByText('30,000 USDT').waitFor();
    expect(Number(spend)).toBeLessThan(30000);
    await page.getByTestId('spot-type-market').click();
    await page.getByTestId('spot-amount').fill(spend);
    await page.getByTestId('spot-submit').click();
    await page.getByRole('dialog', { name: 'Confirm the order' }).waitFor();
    await page.getByTestId('confirm-action').click();
    const toast = page.locator('.toast-warning');
    await toast.waitFor();
    const list = (
      await run.t.http().get('/swx/customer/order/listBbOrder?type=history').set(realHeaders(buyer))
    ).body.result as { list: { state: string; filled: string; cancelReason: string | null }[] };
    const order = list.list[0];
    expect(order.state).toBe('cancelled');
    expect(order.cancelReason).toBe('no_liquidity');
    expect(new Decimal(order.filled).gt(0)).toBe(true);
    expect(await toast.innerText()).toBe(
      `Partly filled: bought ${grouped(order.filled)} BTC; the rest was cancelled (no more orders to trade with)`,
    );
    expect(await page.locator('.toast-error').count()).toBe(0);
    await shot(page, 'spot-partly-filled');
    await context.close();
  });

  it('offers only the 2FA action that applies', async () => {
    const someone = await registerUser(run.t);
    const context = await userContext(run, someone);
    const page = await context.newPage();
    await page.goto('/profile/security');
    await page.getByTestId('2fa-state').getByText('Off').waitFor();
    await page.getByTestId('2fa-enable').waitFor();
    expect(await page.getByTestId('2fa-disable').count()).toBe(0);

    const auth = { Authorization: `Bearer ${someone.token}` };
    const setup = await run.t.http().post('/swx/customer/user/2fa/setup').set(auth);
    expect(setup.body.code).toBe(200);
    const epoch = Math.floor(run.t.app.get(Clock).now().getTime() / 1000);
    const enabled = await run.t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(auth)
      .send({ code: await generate({ secret: setup.body.result.secret as string, epoch }) });
    expect(enabled.body.code).toBe(200);
    await page.reload();
    await page.getByTestId('2fa-state').getByText('On', { exact: true }).waitFor();
    await page.getByTestId('2fa-disable').waitFor();
    expect(await page.getByTestId('2fa-enable').count()).toBe(0);
    await shot(page, 'security-2fa-on');
    await context.close();
  });

  it('refuses on the Amount field a withdrawal above the available balance, with or without the fee', async () => {
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const balance = (
      await run.t.http().get('/swx/customer/user/listCoinAccounts').set(realHeaders(user))
    ).body.result.find((a: { currency: string }) => a.currency === 'USDT').available as string;
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    await page
      .getByTestId('withdraw-available')
      .getByText(`${grouped(balance)} USDT`)
      .waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByLabel('Wallet address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('Withdrawal password').fill('withdraw-secret');
    const over = new Decimal(balance).plus(1).toFixed();
    await page.getByLabel('Amount', { exact: true }).fill(over);
    await page.getByTestId('withdraw-submit').click();
    await page
      .getByText(`The amount is more than your available balance (${grouped(balance)} USDT)`)
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'withdraw-over-balance');

    // The whole balance: the fee on top makes it too much.
    await page.getByLabel('Amount', { exact: true }).fill(balance);
    const quote = (
      await run.t
        .http()
        .get(`/swx/customer/user/withdrawalQuote?coin=USDT&network=TRC20&amount=${balance}`)
        .set(realHeaders(user))
    ).body.result as { fee: string; total: string };
    expect(new Decimal(quote.fee).gt(0)).toBe(true);
    await page.getByTestId('withdraw-submit').click();
    await page
      .getByText(
        `With the fee, ${grouped(quote.total)} USDT would be deducted: more than your available balance (${grouped(balance)} USDT)`,
      )
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it("shows prices with the instrument's decimals, the stops grouped in the confirmation, and Position closed after closing", async () => {
    await tick(run.t, 'BTCUSDT', '65000.5');
    const list = await run.t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
    const marketId = (list.body.result.list as { id: number; code: string }[]).find(
      (m) => m.code === 'BTCUSDT',
    )!.id;
    const info = (await run.t.http().get(`/swx/customer/index/getMarketInfo/${marketId}`)).body.result as {
      pricePrecision: number;
    };
    expect(info.pricePrecision).toBeGreaterThan(0);
    const decimals = new RegExp(`^[\\d,]+\\.\\d{${info.pricePrecision}}$`);
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    await page.getByTestId('u-form').waitFor();
    // The header: 65,000.50 (not 65,000.5).
    await page
      .getByTestId('currency-price')
      .getByText(groupedPrice('65000.5', info.pricePrecision), { exact: true })
      .waitFor();
    await page.getByLabel('Lots').fill('0.1');
    await page.getByLabel('Stop-loss price').fill('60000');
    await page.getByLabel('Take-profit price').fill('70000');
    await page.getByTestId('u-submit').click();
    // Stop-loss and take-profit grouped like the other prices (not a raw 60000).
    expect(await page.getByTestId('confirm-stop-loss').innerText()).toBe(
      groupedPrice('60000', info.pricePrecision),
    );
    expect(await page.getByTestId('confirm-take-profit').innerText()).toBe(
      groupedPrice('70000', info.pricePrecision),
    );
    await page.getByTestId('confirm-action').click();
    const row = page.getByTestId('u-list-current').locator('tbody tr[data-state="open"]').first();
    await row.waitFor();
    // The position: open and current prices with the instrument's decimals.
    await until(
      () => row.getByTestId('price-now').innerText(),
      (v) => decimals.test(v),
    );
    expect(await row.locator('td').nth(3).innerText()).toMatch(decimals);
    await shot(page, 'positions-precision');
    await row.getByTestId('close-position').click();
    await page.getByRole('dialog', { name: 'Close the position' }).waitFor();
    await page.getByTestId('confirm-action').click();
    await page.getByTestId('toast').getByText('Position closed', { exact: true }).waitFor();
    await context.close();
  });

  it('shows the orders page with one heading and no link to itself', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/orders');
    await page.getByTestId('my-orders').waitFor();
    expect(await page.getByRole('heading', { name: 'My orders' }).count()).toBe(1);
    expect(await page.locator('main a[href="/orders"]').count()).toBe(0);
    await context.close();
  });

  it('counts days with plural forms, in English and in Arabic', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/trading?tab=smart');
    await page.locator('article', { hasText: 'Starter AI plan' }).getByTestId('buy-plan').click();
    const cycle = page.getByLabel('Cycle');
    expect(await cycle.locator('option').allInnerTexts()).toEqual(['1 day', '3 days', '7 days']);
    await context.close();

    const arabic = await userContext(run, user, { real: true, lang: 'ar' });
    const ar = await arabic.newPage();
    await ar.goto('/trading?tab=smart');
    await ar.getByTestId('buy-plan').first().waitFor();
    await ar.getByTestId('buy-plan').first().click();
    const options = await ar.getByRole('dialog').locator('select option').allInnerTexts();
    expect(options).toEqual(['يوم واحد', '3 أيام', '7 أيام']);
    await shot(ar, 'earn-days-ar');
    await arabic.close();
  });

  it('names the currency of the amounts when a smart plan ends early', async () => {
    const bought = await run.t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(realHeaders(user))
      .send({ productId: 1, amount: '200', days: 3 });
    expect(bought.body.code).toBe(20004); // "Purchase successful"
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/trading?tab=mine');
    const row = page.getByTestId('plans-smart').locator('tbody tr').first();
    await row.getByTestId('exit-plan').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('exit-returned').innerText()).toMatch(/^[\d,.]+ USDT$/);
    expect(await page.getByTestId('exit-penalty').innerText()).toMatch(/^−[\d,.]+ USDT$/);
    await dialog.getByText('200 USDT', { exact: true }).waitFor();
    await context.close();
  });
});
