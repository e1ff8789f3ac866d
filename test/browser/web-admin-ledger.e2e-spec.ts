/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { BrowserContext, Page } from 'playwright-core';
import { LedgerService, SystemAccount } from '@app/ledger';
import { adminToken } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import {
  createConsoleAdmin,
  desktopContext,
  screenshot,
  signInToConsole,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

// Issue 13 item 5 in the console: a super-admin asks for a ledger adjustment, cannot approve it
// themself, a second super-admin approves it; the ledger screens and the invariant panel show it;
// a withdrawal above the dual-approval threshold shows that it waits for a second approval.
describe('web-admin ledger: maker-checker adjustment in a real browser', () => {
  let run: BrowserRun;
  let makerContext: BrowserContext;
  let checkerContext: BrowserContext;
  let maker: Page;
  let checker: Page;
  let user: RegisteredUser;
  let checkerEmail: string;
  const pageErrors: string[] = [];
  const password = 'ledger-browser-password';

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    makerContext = await desktopContext(run);
    checkerContext = await desktopContext(run);
    maker = await makerContext.newPage();
    checker = await checkerContext.newPage();
    for (const page of [maker, checker]) page.on('pageerror', (error) => pageErrors.push(error.message));
    user = await registerUser(run.t);
    await run.t.app.get(LedgerService).post({
      key: `ledger-browser-${randomUUID()}`,
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
          amount: '100',
        },
      ],
    });
    // The second super-admin (the checker).
    checkerEmail = `${uniqueName('checker')}@example.com`;
    await createConsoleAdmin(run, checkerEmail, password, ['super_admin']);
  });
  afterAll(async () => {
    await makerContext?.close();
    await checkerContext?.close();
    await run?.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  const usdt = async (u: RegisteredUser) => {
    const res = await run.t.http().post('/swx/customer/user/getUserInfo').set(real(u));
    const line = (res.body.result.balances as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
    return { available: line?.available ?? '0', frozen: line?.frozen ?? '0' };
  };
  const notification = (page: Page) => page.locator('.MuiSnackbar-root').first();

  it('the maker asks for a credit with a reason and cannot approve it', async () => {
    await signInToConsole(maker, 'admin@example.com', 'admin-password-for-tests');
    await maker.getByRole('menuitem', { name: 'Adjustments' }).click();
    await maker.waitForURL(/\/admin\/adjustments/);
    await maker.getByRole('link', { name: 'Create' }).click();
    await maker.waitForURL(/\/admin\/adjustments\/create/);
    const customer = maker.locator('input[name="ownerId"]');
    await customer.click();
    await customer.pressSequentially(user.username.slice(0, 6));
    await maker.getByRole('option', { name: user.username }).click();
    await maker.getByRole('combobox', { name: 'Direction' }).click();
    await maker.getByRole('option', { name: /^Credit/ }).click();
    await maker.locator('input[name="amount"]').fill('25.5');
    await maker.locator('textarea[name="reason"]').fill('Goodwill credit for ticket 9001');
    await screenshot(maker, 'admin-ledger-adjustment-create');
    await maker.getByRole('button', { name: 'Submit for approval' }).click();
    await maker.waitForURL(/\/admin\/adjustments(\?|$)/);
    await notification(maker)
      .getByText(/Sent for approval/)
      .waitFor();
    const row = maker.locator('tr', { hasText: 'Goodwill credit for ticket 9001' });
    await row.waitFor();
    await row.getByTestId('status-pending').waitFor();
    expect(await row.getByTestId('approve-adjustment').isDisabled()).toBe(true);
    await screenshot(maker, 'admin-ledger-adjustments-maker');
    // Nothing moved yet.
    expect(await usdt(user)).toMatchObject({ available: '100' });
  });

  it('a second super-admin approves it: one transfer, the balance rises, the invariant holds', async () => {
    await signInToConsole(checker, checkerEmail, password);
    await checker.goto('/admin/adjustments');
    const row = checker.locator('tr', { hasText: 'Goodwill credit for ticket 9001' });
    await row.waitFor();
    const approve = row.getByTestId('approve-adjustment');
    expect(await approve.isDisabled()).toBe(false);
    await approve.click();
    const dialog = checker.getByRole('dialog');
    await dialog.getByText(/Approve adjustment #\d+\?/).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await notification(checker).getByText('Approved: the transfer is posted').waitFor();
    expect(await usdt(user)).toMatchObject({ available: '125.5' });
    const [adjustment] = await run.t.db.query<{ id: string; journal_id: string; decided_by: string }[]>(
      `SELECT id::text, journal_id::text, decided_by::text FROM accounts.ledger_adjustments WHERE owner_id = $1`,
      [user.id],
    );
    expect(adjustment.journal_id).toBeTruthy();

    // The ledger accounts with the invariant panel.
    await checker.goto('/admin/ledger-accounts');
    await checker.getByTestId('invariant-ok').waitFor();
    await checker.getByTestId('sum-real-USDT').waitFor();
    expect(await checker.getByTestId('sum-real-USDT').innerText()).toMatch(/\b0\b/);
    await checker.getByLabel('Customer (name, e-mail, phone)').fill(user.username);
    const account = checker.locator('tr', { hasText: user.username });
    await account.filter({ hasText: '125.5' }).waitFor();
    await screenshot(checker, 'admin-ledger-accounts');

    // The adjustment's transfer, found by its reference.
    const filter = encodeURIComponent(JSON.stringify({ refType: 'adjustment', refId: adjustment.id }));
    await checker.goto(`/admin/ledger-transfers?filter=${filter}`);
    const transfer = checker.locator('tr', { hasText: 'Manual adjustment' });
    await transfer.waitFor();
    expect(await transfer.innerText()).toContain('⌂ Adjustments');
    expect(await transfer.innerText()).toContain(user.username);
    await screenshot(checker, 'admin-ledger-transfers');

    await checker.goto('/admin/adjustments?filter=%7B%7D');
    await checker
      .locator('tr', { hasText: 'Goodwill credit for ticket 9001' })
      .getByTestId('status-approved')
      .waitFor();
    await screenshot(checker, 'admin-ledger-adjustments-approved');
  });

  it('the maker is told why they cannot approve; the checker rejects with a reason and nothing moves', async () => {
    // The maker (admin@example.com) asks through the API this time.
    const asked = await run.t
      .http()
      .post('/swx/admin/adjustments')
      .set('Authorization', `Bearer ${await adminToken(run.t)}`)
      .send({
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'debit',
        amount: '3',
        reason: 'Duplicate credit for ticket 9002',
      });
    expect(asked.body.code).toBe(200);
    await maker.goto('/admin/adjustments');
    const mine = maker.locator('tr', { hasText: 'Duplicate credit for ticket 9002' });
    await mine.getByTestId('status-pending').waitFor();
    await mine.getByTestId('approve-adjustment').locator('..').hover();
    await maker
      .getByRole('tooltip')
      .getByText(/a different super-admin must approve it/)
      .waitFor();

    await checker.goto('/admin/adjustments');
    const row = checker.locator('tr', { hasText: 'Duplicate credit for ticket 9002' });
    await row.getByTestId('reject-adjustment').click();
    const dialog = checker.getByRole('dialog');
    await dialog.getByText(/Reject adjustment #\d+/).waitFor();
    expect(await dialog.getByTestId('confirm-reject-adjustment').isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Not a duplicate: see ticket 9001');
    await dialog.getByTestId('confirm-reject-adjustment').click();
    await notification(checker).getByText('Rejected').waitFor();
    await checker.goto('/admin/adjustments?filter=%7B%7D');
    await checker
      .locator('tr', { hasText: 'Duplicate credit for ticket 9002' })
      .getByTestId('status-rejected')
      .waitFor();
    expect(await usdt(user)).toMatchObject({ available: '125.5' });
  });

  it('a withdrawal above the threshold shows that it waits for a second approval', async () => {
    const threshold = (
      await run.t.db.query<{ value: string }[]>(
        `SELECT value FROM content.parameters WHERE key = 'withdraw_dual_approval_threshold'`,
      )
    )[0].value;
    const amount = new Decimal(threshold).plus(1).toFixed();
    const rich = await registerUser(run.t);
    await run.t.app.get(LedgerService).post({
      key: `ledger-browser-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: rich.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: new Decimal(amount).times(2).toFixed(),
        },
      ],
    });
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: rich.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, rich.email);
    await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(rich))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const requested = await run.t.http().post('/swx/customer/user/withdrawal').set(real(rich)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount,
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    const id = requested.body.result.id as string;

    // The maker approves first in the console: the withdrawal stays pending, approved once.
    await maker.goto(`/admin/withdrawals/${id}/show`);
    await maker.getByTestId('two-approvals').waitFor();
    await maker.getByTestId('approve').first().click();
    // The dialog says what is paid out, to whom and where.
    const summary = await maker.getByRole('dialog').getByTestId('approve-summary').innerText();
    expect(summary).toContain(`Pay out ${amount} USDT`);
    expect(summary).toContain(`to ${rich.username}:`);
    expect(summary).toContain(`TRC20 ${TRON_ADDRESS}`);
    await maker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await maker.getByTestId('awaiting-second-approval').first().waitFor();
    expect((await usdt(rich)).frozen).not.toBe('0');
    await maker.goto('/admin/withdrawals');
    await maker.locator('tr', { hasText: rich.username }).getByTestId('awaiting-second-approval').waitFor();
    await screenshot(maker, 'admin-withdrawals-second-approval');

    // The same admin again: the approval is disabled, and says that a second, different admin
    // must approve (the API would refuse it too); a different admin pays it out.
    await maker.goto(`/admin/withdrawals/${id}/show`);
    await maker.getByTestId('awaiting-second-approval').first().waitFor();
    const blocked = maker.locator('[data-testid="approve"]:disabled').first();
    await blocked.waitFor();
    await blocked.locator('..').hover();
    await maker
      .getByRole('tooltip')
      .getByText(/a second, different admin must approve it/)
      .waitFor();
    await screenshot(maker, 'admin-withdrawal-second-approval-blocked');
    // In the queue too.
    await maker.goto('/admin/withdrawals');
    await maker
      .locator('tr', { hasText: rich.username })
      .locator('[data-testid="approve"]:disabled')
      .waitFor();
    await checker.goto(`/admin/withdrawals/${id}/show`);
    await checker.getByTestId('awaiting-second-approval').first().waitFor();
    expect(await checker.getByTestId('approve').first().isDisabled()).toBe(false);
    await checker.getByTestId('approve').first().click();
    await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await checker.getByTestId('status-approved').first().waitFor();
    expect(await usdt(rich)).toMatchObject({ frozen: '0' });
    expect(pageErrors).toEqual([]);
  });
  it('the ledger screens in Chinese', async () => {
    const zhContext = await run.browser.newContext({
      baseURL: run.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    try {
      const page = await zhContext.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto('/admin/login');
      await page.locator('input[name="email"]').fill(checkerEmail);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto('/admin/ledger-accounts');
      await page.getByTestId('invariant-ok').waitFor();
      expect(await page.getByTestId('invariant-panel').innerText()).toContain('恒等式检查');
      await screenshot(page, 'admin-ledger-accounts-zh');
      await page.goto('/admin/adjustments?filter=%7B%7D');
      await page.getByText('账本调整').first().waitFor();
      await page.getByTestId('status-approved').first().waitFor();
      await screenshot(page, 'admin-ledger-adjustments-zh');
      expect(pageErrors).toEqual([]);
    } finally {
      await zhContext.close();
    }
  });
});
