/// <reference lib="dom" />
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import {
  available,
  demoHeaders,
  depositReal,
  grouped,
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

/** Where the error state of the balance is also kept for the report (the brief asks for it). */
const ERROR_SHOT = '/tmp/h/balance-error.png';

const COIN_ACCOUNTS = /\/swx\/customer\/user\/listCoinAccounts(\?|$)/;
const SPOT_ACCOUNTS = /\/swx\/customer\/order\/listBbAccounts(\?|$)/;
const ASSET_INFO = /\/swx\/customer\/order\/getAssestInfo\//;

/**
 * Answers the balance request with a 500 (as a failing upstream would: no envelope) while
 * `fail` is on; every other request reaches the server.
 */
async function failBalance(page: Page, pattern: RegExp): Promise<{ fail: boolean; hits: number }> {
  const state = { fail: true, hits: 0 };
  await page.route(pattern, async (route) => {
    if (!state.fail) return route.continue();
    state.hits += 1;
    await route.fulfill({
      status: 500,
      contentType: 'text/html',
      body: '<h1>500 Internal Server Error</h1>',
    });
  });
  return state;
}

/* A balance that could not be loaded is "—" with a retry on the money and order forms, never a 0
   (the form stays usable: the server checks the balance); and the confirmations show amounts with
   every decimal they have, as the server takes them. */
describe('web-user: balance load errors and exact amounts in confirmations', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let marketId: string;
  let lotSize: string;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    await tick(run.t, 'ETHUSDT', '3000');
    user = await registerUser(run.t);
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    await depositReal(run, user, '20000');
    const list = await run.t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
    marketId = String(
      (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === 'BTCUSDT')!.id,
    );
    const pairs = (await run.t.http().get('/swx/customer/order/listBbPairs').set({ virtually: 'YES' })).body
      .result as { symbol: string; lotSize: string }[];
    lotSize = pairs.find((p) => p.symbol === 'BTCUSDT')!.lotSize;
    // The market maker quotes the real spot book around the feed price.
    await until(
      async () =>
        (await run.t.http().get('/swx/customer/order/getBbDepth/BTCUSDT').set({ virtually: 'YES' })).body
          .result as { bids: unknown[]; asks: unknown[] },
      (d) => d.bids.length > 0 && d.asks.length > 0,
      30_000,
    );
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it('exchange and withdrawal: a failed balance shows "—" and a retry, not 0; the form still quotes; retry shows the balance', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    const balance = await failBalance(page, COIN_ACCOUNTS);
    await page.goto('/profile/exchange');
    const error = page.getByTestId('balance-error');
    await error.waitFor();
    expect(balance.hits).toBeGreaterThan(0);
    expect(await error.innerText()).toContain('Could not load your balance');
    expect(await error.innerText()).toContain('your balance is checked when you confirm');
    expect(await page.getByTestId('balance-retry').innerText()).toBe('Retry');
    const shown = await page.getByTestId('exchange-available').innerText();
    expect(shown).toBe('Available: — USDT');
    expect(shown).not.toMatch(/\b0\b/);
    await page.screenshot({ path: ERROR_SHOT });
    await shot(page, 'exchange-balance-error');

    // Still usable: the amount is not refused against an unknown balance; the server quotes it,
    // and the rate, fee and amount received are shown with every decimal of the server's quote.
    await page.getByTestId('exchange-to').selectOption('ETH');
    await page.getByLabel('Amount').fill('100');
    const answer = page.waitForResponse((r) => r.url().includes('/user/dh/quote'));
    await page.getByTestId('exchange-quote').click();
    const quote = (
      (await (await answer).json()) as {
        result: { rate: string; fee: string; feeRate: string; receive: string; amount: string };
      }
    ).result;
    const dialog = page.getByRole('dialog', { name: 'Confirm the exchange' });
    await dialog.waitFor();
    // The rate has 16 decimals (1/3000.x): none of them cut.
    expect(quote.rate.split('.')[1].length).toBeGreaterThan(10);
    expect(await page.getByTestId('exchange-rate').innerText()).toBe(`1 USDT = ${grouped(quote.rate)} ETH`);
    expect(await page.getByTestId('exchange-pay').innerText()).toBe(`${grouped(quote.amount)} USDT`);
    expect(await page.getByTestId('exchange-fee').innerText()).toBe(
      `${grouped(quote.fee)} ETH (${grouped(quote.feeRate)}%)`,
    );
    expect(await page.getByTestId('exchange-receive').innerText()).toBe(`${grouped(quote.receive)} ETH`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The server answers again: Retry shows the real balance.
    balance.fail = false;
    await page.getByTestId('balance-retry').click();
    await error.waitFor({ state: 'detached' });
    const api = await available(run.t, user, 'real');
    await page
      .getByTestId('exchange-available')
      .getByText(`Available: ${grouped(api!)} USDT`)
      .waitFor();

    // The withdrawal form the same way.
    balance.fail = true;
    await page.goto('/profile/withdraw');
    await page.getByTestId('balance-error').waitFor();
    expect(await page.getByTestId('withdraw-available').innerText()).toBe('Available: — USDT');
    balance.fail = false;
    await page.getByTestId('balance-retry').click();
    await page
      .getByTestId('withdraw-available')
      .getByText(`Available: ${grouped(api!)} USDT`)
      .waitFor();
    expect(await page.getByTestId('balance-error').count()).toBe(0);

    // In Arabic, right to left: the message translated.
    const ar = await (await userContext(run, user, { real: true, lang: 'ar' })).newPage();
    const failing = await failBalance(ar, COIN_ACCOUNTS);
    await ar.goto('/profile/exchange');
    await ar.getByTestId('balance-error').waitFor();
    expect(failing.hits).toBeGreaterThan(0);
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await ar.getByTestId('balance-error').innerText()).toContain('تعذّر تحميل رصيدك');
    await shot(ar, 'exchange-balance-error-ar');
  });

  it('spot: a failed balance shows "—" and a retry, the order can still be reviewed, retry shows the balance', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    const balance = await failBalance(page, SPOT_ACCOUNTS);
    await page.goto('/trade/spot?symbol=BTCUSDT');
    await page.getByTestId('depth-asks').locator('.depth-row').first().waitFor();
    const form = page.getByTestId('spot-form');
    await form.getByTestId('balance-error').waitFor();
    expect(await page.getByTestId('spot-available').innerText()).toBe('—');
    expect(await page.getByTestId('spot-holdings').innerText()).toBe('—');
    // No share of an unknown balance to fill in.
    expect(await page.getByTestId('spot-pct-100').isDisabled()).toBe(true);
    await shot(page, 'spot-balance-error');
    await page.screenshot({ path: '/tmp/h/balance-error-spot.png' });

    // A limit buy of one lot at the best ask is reviewed (not refused as over a balance of 0).
    await page.getByTestId('spot-quantity').fill(lotSize);
    await page.getByTestId('spot-submit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-action').waitFor();
    expect(await page.getByText('Insufficient balance').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    balance.fail = false;
    await form.getByTestId('balance-retry').click();
    await form.getByTestId('balance-error').waitFor({ state: 'detached' });
    const usdt = (
      (await run.t.http().get('/swx/customer/order/listBbAccounts').set(realHeaders(user))).body.result as {
        currency: string;
        available: string;
      }[]
    ).find((a) => a.currency === 'USDT')!.available;
    await page
      .getByTestId('spot-available')
      .getByText(`${grouped(usdt)} USDT`)
      .waitFor();
    expect(await page.getByTestId('spot-pct-100').isDisabled()).toBe(false);
  });

  it('U contract and options: a failed balance never shows 0; options stay usable; a failed refresh keeps the U form', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    const balance = await failBalance(page, ASSET_INFO);
    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    const panel = page.getByTestId('trade-panel');
    // The U form needs the market's terms from the same answer: an error with a retry, no figures.
    await panel.getByTestId('state-error').waitFor();
    expect(await panel.getByTestId('u-form').count()).toBe(0);
    expect(await panel.getByTestId('state-error').getByRole('button', { name: 'Retry' }).count()).toBe(1);

    // Options need only the balance: the form is there, the balance "—" with a retry.
    await panel.getByRole('tab', { name: 'Options' }).click();
    await panel.getByTestId('options-form').waitFor();
    await panel.getByTestId('balance-error').waitFor();
    expect(await panel.getByTestId('options-available').innerText()).toBe('—');
    await shot(page, 'options-balance-error');
    await page.getByTestId('period-30').click();
    await page.getByLabel('Stake (USDT)').fill('100');
    await page.getByTestId('options-up').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the option' });
    await dialog.getByText('170 USDT').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    balance.fail = false;
    await panel.getByTestId('balance-retry').click();
    await panel.getByTestId('balance-error').waitFor({ state: 'detached' });
    const info = async () =>
      (await run.t.http().get(`/swx/customer/order/getAssestInfo/${marketId}`).set(demoHeaders(user))).body
        .result as { available: string };
    await panel
      .getByTestId('options-available')
      .getByText(`${grouped((await info()).available)} USDT`)
      .waitFor();

    // The U form with its terms; an order placed while the balance's refresh fails keeps the form,
    // its balance "—" with a retry (not the form replaced, nor a 0).
    await panel.getByRole('tab', { name: 'Contract (U)' }).click();
    await panel.getByTestId('u-form').waitFor();
    await panel
      .getByTestId('u-available')
      .getByText(`${grouped((await info()).available)} USDT`)
      .waitFor();
    balance.fail = true;
    await page.getByLabel('Lots').fill('0.01');
    await page.getByTestId('u-submit').click();
    await page.getByTestId('confirm-action').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await panel.getByTestId('balance-error').waitFor();
    expect(await panel.getByTestId('u-form').count()).toBe(1);
    expect(await panel.getByTestId('u-available').innerText()).toBe('—');
    balance.fail = false;
    await panel.getByTestId('balance-retry').click();
    await panel
      .getByTestId('u-available')
      .getByText(`${grouped((await info()).available)} USDT`)
      .waitFor();
  });

  it('confirms a withdrawal of 18 decimals with the exact amount, fee and total, and records it exactly', async () => {
    // The API takes up to 18 decimals (NUMERIC(38,18)); a long integer part as well.
    const amount = '12345.123456789012345678';
    const quote = (
      await run.t
        .http()
        .get(`/swx/customer/user/withdrawalQuote?coin=USDT&network=TRC20&amount=${amount}`)
        .set(realHeaders(user))
    ).body.result as { amount: string; fee: string; feeRate: string; total: string };
    // The server's figures are exact Decimal arithmetic on the typed amount.
    const fee = new Decimal(amount).times(quote.feeRate).div(100).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(quote.amount).toBe(amount);
    expect(quote.fee).toBe(fee.toFixed());
    expect(quote.total).toBe(new Decimal(amount).plus(fee).toFixed());

    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByLabel('Wallet address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('Amount', { exact: true }).fill(amount);
    await page.getByLabel('Withdrawal password').fill('withdraw-secret');
    await page
      .getByTestId('quote-total')
      .getByText(`${grouped(quote.total)} USDT`)
      .waitFor();
    await page.getByTestId('withdraw-submit').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
    await dialog.waitFor();
    expect(await page.getByTestId('confirm-received').innerText()).toBe('12,345.123456789012345678 USDT');
    expect(await page.getByTestId('confirm-fee').innerText()).toBe(
      `${grouped(quote.fee)} USDT (${grouped(quote.feeRate)}%)`,
    );
    expect(await page.getByTestId('confirm-total').innerText()).toBe(`${grouped(quote.total)} USDT`);
    await shot(page, 'withdraw-exact-confirm');
    await page.getByTestId('confirm-action').click();
    await page.getByText('Withdrawal added and under review').first().waitFor();
    const mine = (
      await run.t.http().get('/swx/customer/user/listWithdrwal?pageNum=1&pageSize=10').set(realHeaders(user))
    ).body.result as { list: { id: string; amount: string; fee: string }[] };
    expect(mine.list[0].amount).toBe(amount);
    expect(mine.list[0].fee).toBe(quote.fee);
    // The record on screen is exact too.
    const row = page.getByTestId('withdrawal-list').locator(`tr[data-id="${mine.list[0].id}"]`);
    await row.getByText('12,345.123456789012345678 USDT').waitFor();
  });

  it('confirms a smart plan with the exact amount and the income as the server pays it, and its exit exactly', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/trading?tab=smart');
    // 1000.000000625 x 0.8% = 8.000000005 a day: the server pays 8 (floored to 8 decimals).
    const amount = '1000.000000625';
    await page.locator('article', { hasText: 'Starter AI plan' }).getByTestId('buy-plan').click();
    await page.getByLabel('Amount').fill(amount);
    await page.getByLabel('Cycle').selectOption('3');
    await page.getByTestId('plan-next').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the smart plan' });
    await confirm.waitFor();
    expect(await page.getByTestId('plan-amount').innerText()).toBe('1,000.000000625 USDT');
    expect(await page.getByTestId('plan-daily').innerText()).toBe('≈ 8 USDT');
    expect(await page.getByTestId('plan-total').innerText()).toBe('≈ 24 USDT');
    await page.getByTestId('confirm-action').click();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'My plans' }).click();
    const row = page.getByTestId('plans-smart').locator('tbody tr').first();
    await row.getByText('Earning').waitFor();
    await row.getByTestId('exit-plan').click();
    await page.getByTestId('exit-returned').waitFor();
    const quote = (
      await run.t
        .http()
        .post('/swx/customer/order/smartExitQuote')
        .set(realHeaders(user))
        .send({ orderId: await row.getAttribute('data-plan') })
    ).body.result as { principal: string; penalty: string; returned: string };
    expect(quote.principal).toBe(amount);
    expect(quote.returned).toBe(new Decimal(amount).minus(quote.penalty).toFixed());
    expect(await page.getByTestId('exit-principal').innerText()).toBe('1,000.000000625 USDT');
    expect(await page.getByTestId('exit-penalty').innerText()).toBe(`−${grouped(quote.penalty)} USDT`);
    expect(await page.getByTestId('exit-returned').innerText()).toBe(`${grouped(quote.returned)} USDT`);
  });
});
