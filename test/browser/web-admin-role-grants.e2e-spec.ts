/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { uniqueName } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import {
  createConsoleAdmin,
  cutOffOn,
  desktopContext,
  mobileContext,
  screenshot,
  signInToConsole,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

// The super-admin role under maker-checker in the console: with two or more active super-admins,
// super-admin A asks for the role for a new account (the form says it will wait), the account is
// created without it and the admins page lists the grant; A can only withdraw it, super-admin B
// approves it (after a confirmation) or rejects it with a reason.
describe('web-admin super-admin role grants in a real browser', () => {
  let run: BrowserRun;
  let askerContext: BrowserContext;
  let checkerContext: BrowserContext;
  let asker: Page;
  let checker: Page;
  const pageErrors: string[] = [];
  const password = 'role-grants-browser-password';
  const a = `${uniqueName('grant-asker')}@example.com`;
  const b = `${uniqueName('grant-checker')}@example.com`;
  const newAdmin = `${uniqueName('grant-new')}@example.com`;
  const reviewer = `${uniqueName('grant-rev')}@example.com`;

  const NEWEST_ADMINS = '/admin/admins?sort=createdAt&order=DESC&page=1&perPage=100';

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    // With the bootstrap admin: at least three active super-admins.
    await createConsoleAdmin(run, a, password, ['super_admin']);
    await createConsoleAdmin(run, b, password, ['super_admin']);
    await createConsoleAdmin(run, reviewer, password, ['reviewer']);
    // The edit form needs a display name (accounts written straight into the database have none).
    await run.t.db.query(`UPDATE accounts.admin_users SET display_name = 'Grant Reviewer' WHERE email = $1`, [
      reviewer,
    ]);
    askerContext = await desktopContext(run);
    checkerContext = await desktopContext(run);
    asker = await askerContext.newPage();
    checker = await checkerContext.newPage();
    for (const page of [asker, checker]) page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToConsole(asker, a, password);
    await signInToConsole(checker, b, password);
    // Other files of the run leave many admin accounts: the list shows the newest first, a page of
    // 100, so that this file's accounts are on it (the console keeps these settings for later visits).
    for (const page of [asker, checker]) await page.goto(NEWEST_ADMINS);
  });
  afterAll(async () => {
    await askerContext?.close();
    await checkerContext?.close();
    await run?.close();
  });

  const notification = (page: Page) => page.locator('.MuiSnackbar-root').first();
  // An account's line in the admins list (not its line in the grants panel above it).
  const accountRow = (page: Page, email: string) =>
    page.locator('tbody tr:not([data-testid^="role-grant-"])', { hasText: email });
  const grantRow = (page: Page, email: string) => page.getByTestId(`role-grant-${email}`);
  const rolesOf = async (email: string) =>
    (
      await run.t.db.query<{ roles: string[] }[]>(`SELECT roles FROM accounts.admin_users WHERE email = $1`, [
        email,
      ])
    )[0].roles;

  it('A creates an account with the super-admin role: the form says it waits, the account has it not', async () => {
    await asker.goto('/admin/admins/create');
    await asker.locator('input[name="email"]').fill(newAdmin);
    await asker.locator('input[name="displayName"]').fill('Grant Newcomer');
    await asker.getByRole('checkbox', { name: 'Reviewer' }).check();
    expect(await asker.getByTestId('grant-will-wait').count()).toBe(0);
    await asker.getByRole('checkbox', { name: 'Super-admin' }).check();
    await asker.getByTestId('grant-will-wait').getByText("another super-admin's approval").first().waitFor();
    await screenshot(asker, 'admin-role-grant-create');
    await asker.getByRole('button', { name: 'Save' }).click();

    const dialog = asker.getByTestId('one-time-password-dialog');
    await dialog
      .getByTestId('one-time-password-grant-note')
      .getByText('Super-admin role asked for')
      .waitFor();
    await screenshot(asker, 'admin-role-grant-created');
    await asker.getByTestId('one-time-password-done').click();
    await asker.waitForURL(/\/admin\/admins$/);
    expect(await rolesOf(newAdmin)).toEqual(['reviewer']);
    // The redirect lands on the list as last kept; in a crowded run the new account may be on a
    // later page of the oldest-first default, so look at the newest first.
    await asker.goto(NEWEST_ADMINS);
    await accountRow(asker, newAdmin).getByTestId(`grant-waiting-${newAdmin}`).waitFor();
    // A sees their own request with Withdraw only.
    const own = grantRow(asker, newAdmin);
    await own.getByText('You asked for this').waitFor();
    await own.getByTestId(`withdraw-grant-${newAdmin}`).waitFor();
    expect(await own.getByTestId(`approve-grant-${newAdmin}`).count()).toBe(0);
    await screenshot(asker, 'admin-role-grant-own');
  });

  it('B approves it after a confirmation that says what is granted: the account is a super-admin', async () => {
    await checker.goto(NEWEST_ADMINS);
    const line = grantRow(checker, newAdmin);
    await line.getByText(a).waitFor();
    await line.getByTestId(`approve-grant-${newAdmin}`).click();
    const confirm = checker.getByRole('dialog');
    await confirm.getByText('Approve the super-admin role?').waitFor();
    expect(await confirm.getByTestId(`approve-summary-grant-${newAdmin}`).innerText()).toContain(newAdmin);
    await screenshot(checker, 'admin-role-grant-approve');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await notification(checker).getByText('Super-admin role granted').waitFor();
    await line.waitFor({ state: 'detached' });
    await accountRow(checker, newAdmin).getByText('Super-admin', { exact: true }).waitFor();
    expect(await rolesOf(newAdmin)).toEqual(['reviewer', 'super_admin']);
    await screenshot(checker, 'admin-role-grant-approved');
  });

  it("a super-admin's password is not reset from the list: the button is off and says why", async () => {
    await checker.goto(NEWEST_ADMINS);
    const row = accountRow(checker, newAdmin);
    await row.getByText('Super-admin', { exact: true }).waitFor();
    expect(await row.getByTestId(`reset-password-${newAdmin}`).count()).toBe(0);
    const locked = row.getByTestId(`reset-password-locked-${newAdmin}`);
    expect(await locked.getByRole('button').isDisabled()).toBe(true);
    await locked.hover();
    await checker.getByRole('tooltip').getByText('remove the super-admin role first').waitFor();
    await screenshot(checker, 'admin-role-grant-no-reset');
    // A reviewer's still is.
    await accountRow(checker, reviewer).getByTestId(`reset-password-${reviewer}`).waitFor();
  });

  it('the role added in the edit form waits too; B rejects it with a reason, A withdraws the next', async () => {
    await asker.goto(NEWEST_ADMINS);
    await accountRow(asker, reviewer).getByTestId(`edit-${reviewer}`).click();
    await asker.waitForURL(/\/admin\/admins\/[0-9a-f-]+$/);
    await asker.getByRole('checkbox', { name: 'Super-admin' }).check();
    await asker.getByTestId('grant-will-wait').waitFor();
    await asker.getByRole('button', { name: 'Save' }).click();
    await notification(asker).getByText('Super-admin role asked for').waitFor();
    await asker.waitForURL(/\/admin\/admins$/);
    expect(await rolesOf(reviewer)).toEqual(['reviewer']);
    // The edit form says the role is waiting.
    await accountRow(asker, reviewer).getByTestId(`edit-${reviewer}`).click();
    await asker.getByTestId('grant-pending-note').getByText(a).waitFor();
    await screenshot(asker, 'admin-role-grant-edit-pending');

    await checker.goto(NEWEST_ADMINS);
    const line = grantRow(checker, reviewer);
    await line.getByTestId(`reject-grant-${reviewer}`).click();
    const dialog = checker.getByRole('dialog');
    await dialog.getByText('Reject the super-admin role').waitFor();
    expect(await dialog.getByTestId(`confirm-reject-grant-${reviewer}`).isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Not on the operations team');
    await screenshot(checker, 'admin-role-grant-reject');
    await dialog.getByTestId(`confirm-reject-grant-${reviewer}`).click();
    await line.waitFor({ state: 'detached' });
    expect(await rolesOf(reviewer)).toEqual(['reviewer']);
    const [rejected] = await run.t.db.query<{ status: string; decision_reason: string }[]>(
      `SELECT g.status, g.decision_reason FROM accounts.admin_role_grants g
         JOIN accounts.admin_users u ON u.id = g.admin_id WHERE u.email = $1 ORDER BY g.id DESC LIMIT 1`,
      [reviewer],
    );
    expect(rejected).toEqual({ status: 'rejected', decision_reason: 'Not on the operations team' });

    // Asked again, and withdrawn by A.
    await asker.goto(NEWEST_ADMINS);
    await accountRow(asker, reviewer).getByTestId(`edit-${reviewer}`).click();
    await asker.getByRole('checkbox', { name: 'Super-admin' }).check();
    await asker.getByRole('button', { name: 'Save' }).click();
    await asker.waitForURL(/\/admin\/admins$/);
    await grantRow(asker, reviewer).getByTestId(`withdraw-grant-${reviewer}`).click();
    await asker.getByRole('dialog').getByText('The account keeps the roles it has now').waitFor();
    await screenshot(asker, 'admin-role-grant-withdraw');
    await asker.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await notification(asker).getByText('Request withdrawn').waitFor();
    await grantRow(asker, reviewer).waitFor({ state: 'detached' });
    expect(await rolesOf(reviewer)).toEqual(['reviewer']);

    // Each step is in the audit log, in words.
    await asker.goto('/admin/audit');
    for (const [words, code] of [
      ['Super-admin role asked for', 'admin.role_grant_requested'],
      ['Super-admin role approved', 'admin.role_grant_approved'],
      ['Super-admin role rejected', 'admin.role_grant_rejected'],
      ['Super-admin role request withdrawn', 'admin.role_grant_withdrawn'],
    ])
      await asker.locator('td', { hasText: code }).filter({ hasText: words }).first().waitFor();
    await screenshot(asker, 'admin-role-grant-audit');
    expect(pageErrors).toEqual([]);
  });

  it('the waiting grant in Arabic, on a desktop and on a phone: nothing cut off', async () => {
    // A grant for the reviewer waits again.
    await asker.goto(NEWEST_ADMINS);
    await accountRow(asker, reviewer).getByTestId(`edit-${reviewer}`).click();
    await asker.getByRole('checkbox', { name: 'Super-admin' }).check();
    await asker.getByRole('button', { name: 'Save' }).click();
    await asker.waitForURL(/\/admin\/admins$/);
    const ar = loadConsoleLanguage('ar').admins.swx.admins;
    const phone = await mobileContext(run);
    try {
      for (const [name, page] of [
        ['desktop', checker],
        ['phone', await phone.newPage()],
      ] as const) {
        page.on('pageerror', (error) => pageErrors.push(error.message));
        if (name === 'phone') await signInToConsole(page, b, password);
        await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
        await page.goto(NEWEST_ADMINS);
        const panel = page.getByTestId('pending-role-grants');
        await panel.getByText(ar.grantsTitle).waitFor();
        await grantRow(page, reviewer).getByTestId(`approve-grant-${reviewer}`).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await screenshot(page, `admin-role-grant-ar-${name}`);
        if (name === 'desktop') expect(await cutOffOn(page)).toEqual([]);
        await grantRow(page, reviewer).getByTestId(`approve-grant-${reviewer}`).click();
        await page.getByRole('dialog').getByText(ar.grantApproveTitle).waitFor();
        await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
        await screenshot(page, `admin-role-grant-ar-${name}-approve`);
        await page.keyboard.press('Escape');
        await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
      }
    } finally {
      await phone.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
