/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { registerUser, uniqueName } from '../support/users';
import {
  createConsoleAdmin,
  desktopContext,
  screenshot,
  signInToConsole,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

// Issue 13, "what it must show": a reviewer with the reviewer role only sees the review queues; the
// configuration and the ledger are neither in the console's menu nor reachable by typing their
// address, and the API answers 403 when the reviewer's session calls them directly.
describe('web-admin: a reviewer-only console user cannot configure or adjust the ledger', () => {
  let run: BrowserRun;
  let context: BrowserContext;
  let page: Page;
  const reviewer = {
    email: `${uniqueName('only-reviewer')}@example.com`,
    password: 'reviewer-only-password',
  };

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    context = await desktopContext(run);
    page = await context.newPage();
    await createConsoleAdmin(run, reviewer.email, reviewer.password, ['reviewer']);
  });
  afterAll(async () => {
    await context?.close();
    await run?.close();
  });

  it('an anonymous visit goes to the sign-in page once, and signing in returns to the page asked for', async () => {
    // The router's location updates used to run as React transitions: the sign-out that sends an
    // anonymous visitor to the sign-in page reset the queries before that navigation committed,
    // which mounted the sign-out again, thousands of times over about 15 seconds.
    let navigations = 0;
    const count = () => navigations++;
    page.on('framenavigated', count);
    await page.goto('/admin/withdrawals');
    await page.locator('input[name="email"]').waitFor();
    await page.waitForTimeout(1000);
    page.off('framenavigated', count);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(navigations).toBeLessThanOrEqual(3);
    await page.locator('input[name="email"]').fill(reviewer.email);
    await page.locator('input[name="password"]').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/withdrawals$/);
    await page.getByRole('menuitem', { name: 'Deposits' }).waitFor();
    await page.evaluate(() => localStorage.clear());
  });

  it('sees the review queues and no configuration, ledger or admin accounts in the menu', async () => {
    await signInToConsole(page, reviewer.email, reviewer.password);
    for (const queue of ['Deposits', 'Withdrawals', 'KYC & certification']) {
      await page.getByRole('menuitem', { name: queue }).waitFor();
    }
    for (const hidden of [
      'System parameters',
      'Instruments',
      'Plan products',
      'Adjustments',
      'Admin accounts',
    ]) {
      expect(await page.getByRole('menuitem', { name: hidden }).count()).toBe(0);
    }
    await screenshot(page, 'admin-reviewer-menu');
    // Typing the address of a configuration screen does not open it.
    await page.goto('/admin/parameters');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('tr', { hasText: 'withdraw_dual_approval_threshold' }).count()).toBe(0);
  });

  it("the API refuses the reviewer's own session on configuration and ledger routes with 403", async () => {
    const login = await run.t.http().post('/swx/admin/login').send(reviewer);
    expect(login.body.code).toBe(200);
    const auth = { Authorization: `Bearer ${login.body.result.token as string}` };
    const user = await registerUser(run.t);
    const calls = [
      run.t.http().get('/swx/admin/parameters').set(auth),
      run.t
        .http()
        .put('/swx/admin/parameters/withdraw_dual_approval_threshold')
        .set(auth)
        .send({ value: '1' }),
      run.t.http().get('/swx/admin/instruments').set(auth),
      run.t.http().get('/swx/admin/ledger/accounts').set(auth),
      run.t.http().post('/swx/admin/adjustments').set(auth).send({
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '1',
        reason: 'reviewers may not adjust',
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    // Nothing was adjusted and the parameter kept its value.
    const adjustments = await run.t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM accounts.ledger_adjustments WHERE reason = 'reviewers may not adjust'`,
    );
    expect(adjustments[0].n).toBe(0);
    // The review queues answer the same session.
    expect((await run.t.http().get('/swx/admin/withdrawals').set(auth)).body.code).toBe(200);
  });
});
