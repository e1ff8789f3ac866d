/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { LedgerService, SystemAccount } from '@app/ledger';
import { lastCode, registerUser, uniqueName } from '../support/users';
import {
  createConsoleAdmin,
  cutOffOn,
  desktopContext,
  screenshot,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

// Issue 13 item 1 in the console: a super-admin creates a reviewer (the one-time password shown
// once), the reviewer signs in with it; roles are changed, the account disabled (the reviewer's
// session ends at once), its password reset and the account enabled again. And the withdrawal
// queue fits a 1280 px screen with its approve button in view.
describe('web-admin admin accounts in a real browser', () => {
  let run: BrowserRun;
  let superContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let admin: Page;
  let reviewer: Page;
  const pageErrors: string[] = [];
  const account = { email: `${uniqueName('console-rev')}@example.com`, password: '' };

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    // More accounts than a page holds (as after the other files of a run): the list opens newest
    // first, so that the account just created is in view after the redirect.
    for (let i = 0; i < 11; i++)
      await createConsoleAdmin(run, `${uniqueName('crowd')}@example.com`, 'crowd-admin-password', [
        'reviewer',
      ]);
    superContext = await desktopContext(run);
    await superContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    reviewerContext = await desktopContext(run);
    admin = await superContext.newPage();
    reviewer = await reviewerContext.newPage();
    for (const page of [admin, reviewer]) page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await superContext?.close();
    await reviewerContext?.close();
    await run?.close();
  });

  async function signIn(page: Page, email: string, secret: string) {
    await page.goto('/admin/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(secret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  }
  const notification = (page: Page) => page.locator('.MuiSnackbar-root').first();
  const row = (page: Page) => page.locator('tr', { hasText: account.email });

  it('the super-admin creates a reviewer; the one-time password is shown once and copied', async () => {
    await signIn(admin, 'admin@example.com', 'admin-password-for-tests');
    await admin.getByRole('menuitem', { name: 'Admin accounts' }).click();
    await admin.waitForURL(/\/admin\/admins$/);
    await admin.getByTestId('create-admin').click();
    await admin.waitForURL(/\/admin\/admins\/create/);
    await admin.locator('input[name="email"]').fill(account.email);
    await admin.locator('input[name="displayName"]').fill('Console Reviewer');
    await admin.getByRole('checkbox', { name: 'Reviewer' }).check();
    // A password typed too short is refused by the form before it reaches the API.
    await admin.locator('input[name="password"]').fill('short');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The admin password must be 12 to 128 characters').waitFor();
    await admin.locator('input[name="password"]').fill('');
    await screenshot(admin, 'admin-admins-create');
    await admin.getByRole('button', { name: 'Save' }).click();

    const dialog = admin.getByTestId('one-time-password-dialog');
    await dialog.getByText('shown only this once').waitFor();
    account.password = await admin.getByTestId('one-time-password').inputValue();
    expect(account.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await admin.getByTestId('copy-password').click();
    await notification(admin).getByText('Password copied').waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(account.password);
    await screenshot(admin, 'admin-admins-one-time-password');
    await admin.getByTestId('one-time-password-done').click();
    await admin.waitForURL(/\/admin\/admins$/);
    await row(admin).getByText('Console Reviewer').waitFor();
    await row(admin).getByText('Reviewer', { exact: true }).waitFor();
    // Shown once: nowhere on the page any more.
    expect(await admin.locator('body').innerText()).not.toContain(account.password);
    await screenshot(admin, 'admin-admins-list');
  });

  it('the reviewer signs in with it and sees the review queues, not the admin accounts', async () => {
    await signIn(reviewer, account.email, account.password);
    await reviewer.getByRole('menuitem', { name: 'Withdrawals' }).waitFor();
    expect(await reviewer.getByRole('menuitem', { name: 'Admin accounts' }).count()).toBe(0);
    expect(await reviewer.getByRole('menuitem', { name: 'Parameters' }).count()).toBe(0);
    await screenshot(reviewer, 'admin-admins-new-reviewer');
  });

  it('roles are changed in the edit form; disabling ends the reviewer session; reset and enable', async () => {
    await row(admin).getByTestId(`edit-${account.email}`).click();
    await admin.waitForURL(/\/admin\/admins\/[0-9a-f-]+$/);
    await admin.getByRole('checkbox', { name: 'Operator' }).check();
    await screenshot(admin, 'admin-admins-edit');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin\/admins$/);
    await row(admin).getByText('Operator', { exact: true }).waitFor();

    await row(admin).getByTestId(`disable-${account.email}`).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByTestId(`confirm-disable-${account.email}`).isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Moved to another team');
    await screenshot(admin, 'admin-admins-disable');
    await dialog.getByTestId(`confirm-disable-${account.email}`).click();
    await notification(admin).getByText('Admin account disabled').waitFor();
    await row(admin).getByTestId(`enable-${account.email}`).waitFor();

    // The reviewer's next request is refused: back to the login page, and the login refused.
    await reviewer.reload();
    await reviewer.waitForURL(/\/admin\/login/);
    await reviewer.locator('input[name="email"]').fill(account.email);
    await reviewer.locator('input[name="password"]').fill(account.password);
    await reviewer.getByRole('button', { name: 'Sign in' }).click();
    await reviewer.getByText('This admin account is disabled').waitFor();

    await row(admin).getByTestId(`reset-password-${account.email}`).click();
    await admin.getByRole('dialog').locator('textarea[name="reason"]').fill('Forgot the password');
    await admin.getByTestId(`confirm-reset-password-${account.email}`).click();
    const fresh = await admin.getByTestId('one-time-password').inputValue();
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(fresh).not.toBe(account.password);
    await screenshot(admin, 'admin-admins-reset-password');
    await admin.getByTestId('one-time-password-done').click();

    await row(admin).getByTestId(`enable-${account.email}`).click();
    await admin.getByRole('dialog').locator('textarea[name="reason"]').fill('Back on the team');
    await admin.getByTestId(`confirm-enable-${account.email}`).click();
    await notification(admin).getByText('Admin account enabled').waitFor();
    await row(admin).getByTestId(`disable-${account.email}`).waitFor();

    await signIn(reviewer, account.email, fresh);
    await reviewer.getByRole('menuitem', { name: 'Parameters' }).waitFor();

    // The audit log has every step.
    await admin.goto('/admin/audit');
    for (const action of [
      'admin.admin_created',
      'admin.admin_updated',
      'admin.admin_disabled',
      'admin.admin_password_reset',
      'admin.admin_enabled',
    ])
      await admin.locator('td', { hasText: action }).first().waitFor();
    await screenshot(admin, 'admin-admins-audit');
    expect(pageErrors).toEqual([]);
  });

  it('the admin accounts in Chinese: roles, actions and the one-time password dialog', async () => {
    const zhContext = await run.browser.newContext({
      baseURL: run.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    try {
      const page = await zhContext.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto('/admin/login');
      await page.locator('input[name="email"]').fill('admin@example.com');
      await page.locator('input[name="password"]').fill('admin-password-for-tests');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto('/admin/admins');
      const line = page.locator('tr', { hasText: account.email });
      await line.getByText('审核员').waitFor();
      await line.getByText('运营').waitFor();
      await line.getByTestId(`reset-password-${account.email}`).getByText('重置密码').waitFor();
      await line.getByTestId(`disable-${account.email}`).getByText('停用').waitFor();
      await screenshot(page, 'admin-admins-list-zh');
      await line.getByTestId(`reset-password-${account.email}`).click();
      await page.getByRole('dialog').getByText('新密码只显示一次').waitFor();
      await screenshot(page, 'admin-admins-reset-password-zh');
      await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
      expect(pageErrors).toEqual([]);
    } finally {
      await zhContext.close();
    }
  });

  it('the withdrawal queue fits 1280 px: approve and reject in view, nothing cut off, also on a wide line', async () => {
    const user = await registerUser(run.t);
    await run.t.app.get(LedgerService).post({
      key: `admins-browser-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '200000',
        },
      ],
    });
    const real = { Authorization: `Bearer ${user.token}`, virtually: 'YES' };
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, user.email);
    await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real)
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const requested = await run.t.http().post('/swx/customer/user/withdrawal').set(real).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '50',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    // The widest line a crowded queue has (a CI run's queue pushed the buttons 3 px out): every
    // decimal of a large amount, and the two approvals such an amount needs.
    const wide = await run.t.http().post('/swx/customer/user/withdrawal').set(real).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '123456.12345678',
      withdrawPassword: 'withdraw-secret',
    });
    expect(wide.body.code).toBe(20003);

    await admin.goto('/admin/withdrawals');
    const lines = admin.locator('tr', { hasText: user.username });
    await lines.nth(1).waitFor();
    await screenshot(admin, 'admin-withdrawals-fit-1280');
    for (const line of await lines.all()) {
      const box = await line.getByTestId('reject').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    }
    expect(await cutOffOn(admin)).toEqual([]);

    // Rejected again (nothing left held, no line left for the next file): the buttons work.
    for (let left = 2; left > 0; left--) {
      await lines.first().getByTestId('reject').click();
      const dialog = admin.getByRole('dialog');
      await dialog.locator('textarea[name="reason"]').fill('Layout check only');
      await dialog.getByTestId('confirm-reject').click();
      await dialog.waitFor({ state: 'detached' });
      await lines.nth(left - 1).waitFor({ state: 'detached' });
    }
    expect(pageErrors).toEqual([]);
  });
});
