/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import {
  available,
  depositReal,
  grouped,
  registerUser,
  shot,
  startMoneyRun,
  userContext,
  type MoneyRun,
} from './web-user-support';

const USER_INFO = /\/swx\/customer\/user\/getUserInfo(\?|$)/;
const COIN_ACCOUNTS = /\/swx\/customer\/user\/listCoinAccounts(\?|$)/;
const SUMMARY = /\/swx\/customer\/user\/getAssetsSummary(\?|$)/;

/**
 * Holds back the requests of the real book (header virtually: YES) matching `pattern` until
 * `release()`; the demo book's pass. `held` counts the requests waiting.
 */
async function holdReal(page: Page, pattern: RegExp) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { held: 0, release: () => open() };
  await page.route(pattern, async (route) => {
    if (route.request().headers()['virtually'] === 'YES') {
      state.held += 1;
      await gate;
    }
    await route.continue().catch(() => undefined);
  });
  return state;
}

async function until(ok: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/* Switching between the demo and the real account: while the real book's figures are on their way,
   the screen shows that it is loading them, never the demo book's figures as the real ones. */
describe('web-user: switching the book never shows the other book figures as current', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let real: string;

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    await depositReal(run, user, '2500');
    real = (await available(run.t, user, 'real'))!;
    expect(real).toBe('2500');
    expect(await available(run.t, user, 'demo')).toBe('100000');
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it('profile: after demo -> real the demo balances are gone while the real ones load; then the real ones', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();

    const gate = await holdReal(page, USER_INFO);
    await page.getByTestId('book-real').click();
    await until(() => gate.held > 0);
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Real balances' }) });
    // The request for the real book is out (so the switch is rendered): no demo figure is left.
    expect(await page.getByText('100,000').count()).toBe(0);
    expect(await page.getByTestId('balance-USDT').count()).toBe(0);
    await card.getByRole('status').getByText('Loading').waitFor();
    // The page itself stays (the switch included); only the balances wait.
    expect(await page.getByTestId('book-real').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'book-switch-loading');

    gate.release();
    await page.getByTestId('balance-USDT').getByText(grouped(real)).waitFor();
    expect(await page.getByText('100,000').count()).toBe(0);
  });

  it('coin accounts: switched to real in another tab, the open page loads the real book and shows no demo figure meanwhile', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/profile/balancebb');
    await page.getByTestId('available-USDT').getByText('100,000').waitFor();
    await page.getByTestId('total-usdt').getByText('100,000').waitFor();
    const accounts = await holdReal(page, COIN_ACCOUNTS);
    const summary = await holdReal(page, SUMMARY);

    // The switch in a second tab of the same browser: this tab follows it.
    const other = await context.newPage();
    await other.goto('/profile');
    await other.getByTestId('balance-USDT').getByText('100,000').waitFor();
    await other.getByTestId('book-real').click();
    await other.getByTestId('balance-USDT').getByText(grouped(real)).waitFor();

    await page.getByText('Real account').first().waitFor();
    await until(() => accounts.held > 0 && summary.held > 0);
    expect(await page.getByText('100,000').count()).toBe(0);
    expect(await page.getByTestId('available-USDT').count()).toBe(0);
    expect(await page.getByTestId('total-usdt').count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor();
    await shot(page, 'coin-accounts-switch-loading');

    accounts.release();
    summary.release();
    await page.getByTestId('available-USDT').getByText(grouped(real)).waitFor();
    await page.getByTestId('total-usdt').getByText('2,500').waitFor();
    expect(await page.getByText('100,000').count()).toBe(0);
  });
});
