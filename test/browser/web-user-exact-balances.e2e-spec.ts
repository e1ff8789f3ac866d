/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import { cutOffOn } from './browser-support';
import {
  available,
  depositReal,
  grouped,
  realHeaders,
  registerUser,
  shot,
  startMoneyRun,
  tick,
  userContext,
  type MoneyRun,
} from './web-user-support';

/** 18 decimals (what NUMERIC(38,18) keeps) and a long integer part: the widest balance there is. */
const DEPOSIT = '12345678.123456789012345678';

/* An available balance is what the user may spend or withdraw: the forms and the balance lists
   show it with every decimal the API gives (not cut at 8), and on a phone the long figure wraps
   inside its box; valuations in USDT stay marked as estimates. */
describe('web-user: available balances with every decimal', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let marketId: string;
  let exact: string;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, DEPOSIT);
    exact = (await available(run.t, user, 'real'))!;
    expect(exact).toBe(DEPOSIT);
    const list = await run.t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
    marketId = String(
      (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === 'BTCUSDT')!.id,
    );
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  const shown = () => grouped(exact); // 12,345,678.123456789012345678

  async function checkScreens(page: Page, name: string) {
    await page.goto('/profile/balance');
    await page.getByTestId('available-USDT').getByText(shown()).waitFor();
    expect((await page.getByTestId('available-USDT').innerText()).trim()).toBe(shown());
    // The USDT valuations are estimates, and say so.
    expect(await page.getByTestId('total-usdt').innerText()).toMatch(/^≈ [\d,.]+ USDT$/);
    expect(await page.getByTestId('available-usdt').innerText()).toMatch(/^≈ [\d,.]+ USDT$/);
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, `${name}-balance`, true);

    await page.goto('/profile');
    await page.getByTestId('balance-USDT').getByText(shown()).waitFor();
    expect((await page.getByTestId('balance-USDT').innerText()).trim()).toBe(shown());
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, `${name}-profile`);

    await page.goto('/profile/withdraw');
    const withdrawable = page.getByTestId('withdraw-available');
    await withdrawable.getByText(shown()).waitFor();
    expect(await withdrawable.innerText()).toBe(`Available: ${shown()} USDT`);
    // One unit of the 18th decimal more than the balance: refused, naming the balance exactly.
    await page.getByLabel('Amount', { exact: true }).fill('12345678.123456789012345679');
    await page.getByTestId('withdraw-submit').click();
    await page.getByText(`The amount is more than your available balance (${shown()} USDT)`).waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, `${name}-withdraw`, true);

    await page.goto('/profile/exchange');
    const exchangeable = page.getByTestId('exchange-available');
    await exchangeable.getByText(shown()).waitFor();
    expect(await exchangeable.innerText()).toBe(`Available: ${shown()} USDT`);
    expect(await cutOffOn(page)).toEqual([]);
  }

  it('desktop: balances, profile, withdrawal, exchange, spot, U contract and options show the balance exactly', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await checkScreens(page, 'exact-desktop');

    const spotUsdt = (
      (await run.t.http().get('/swx/customer/order/listBbAccounts').set(realHeaders(user))).body.result as {
        currency: string;
        available: string;
      }[]
    ).find((a) => a.currency === 'USDT')!.available;
    expect(spotUsdt).toBe(DEPOSIT);
    await page.goto('/trade/spot?symbol=BTCUSDT');
    await page.getByTestId('spot-available').getByText(`${shown()} USDT`).waitFor();
    expect(await page.getByTestId('spot-available').innerText()).toBe(`${shown()} USDT`);
    await shot(page, 'exact-desktop-spot');

    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    const panel = page.getByTestId('trade-panel');
    await panel.getByTestId('u-available').getByText(`${shown()} USDT`).waitFor();
    expect(await panel.getByTestId('u-available').innerText()).toBe(`${shown()} USDT`);
    await panel.getByRole('tab', { name: 'Options' }).click();
    await panel.getByTestId('options-available').getByText(`${shown()} USDT`).waitFor();
    expect(await panel.getByTestId('options-available').innerText()).toBe(`${shown()} USDT`);
    await shot(page, 'exact-desktop-options');
  });

  it('phone, 390 and 320 px wide: the long balance wraps inside its box, nothing is cut off', async () => {
    const context = await userContext(run, user, { real: true, mobile: true });
    const page = await context.newPage();
    await checkScreens(page, 'exact-phone');
    await page.setViewportSize({ width: 320, height: 700 });
    await checkScreens(page, 'exact-phone-320');
  });
});
