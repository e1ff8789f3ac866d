/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { hashSecret } from '@app/common';
import { uniqueName } from '../support/users';
import { desktopContext, screenshot, startBrowserRun, type BrowserRun } from './browser-support';

// An admin changes their own password in the console: the form checks the new one before it asks,
// a wrong current password is told in the console's language, and after the change the console
// signs in again, with the new password only.
describe("web-admin: an admin's own password", () => {
  let run: BrowserRun;
  let context: BrowserContext;
  let page: Page;
  const admin = { email: `${uniqueName('own-password')}@example.com`, password: 'password-of-before' };
  const changed = 'password-of-after-the-change';

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    context = await desktopContext(run);
    page = await context.newPage();
    await run.t.db.query(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`,
      [admin.email, await hashSecret(admin.password), '{reviewer}'],
    );
  });
  afterAll(async () => {
    await context?.close();
    await run?.close();
  });

  async function signIn(password: string) {
    await page.goto('/admin/login');
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('checks the form, refuses a wrong current password, then changes it and signs in again', async () => {
    await signIn(admin.password);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('menuitem', { name: 'Password' }).click();
    const submit = page.getByTestId('change-password');
    await page.locator('input[name="oldPassword"]').fill('not-my-password');
    await page.locator('input[name="newPassword"]').fill('too-short');
    await page.getByText('At least 12 characters', { exact: true }).waitFor();
    await page.locator('input[name="newPassword"]').fill(changed);
    await page.locator('input[name="repeatPassword"]').fill(`${changed}-typo`);
    await page.getByText('The two new passwords differ', { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('input[name="repeatPassword"]').fill(changed);
    await submit.click();
    // The API's message for a wrong password, and the session kept.
    await page
      .getByText(/password/i, { exact: false })
      .and(page.locator('.MuiSnackbarContent-message'))
      .waitFor();
    expect(page.url()).toContain('/password');
    await screenshot(page, 'admin-password-wrong');

    await page.locator('input[name="oldPassword"]').fill(admin.password);
    await submit.click();
    await page.waitForURL((url) => url.pathname.endsWith('/login'));
    await page.getByText('Password changed: sign in with the new one').waitFor();
    await screenshot(page, 'admin-password-changed');

    // The old password no longer signs in; the new one does.
    await signIn(admin.password);
    await page.locator('.MuiSnackbarContent-message').waitFor();
    expect(page.url()).toContain('/login');
    await signIn(changed);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    const audit = await run.t.db.query<{ action: string }[]>(
      `SELECT a.action FROM accounts.admin_audit a JOIN accounts.admin_users u ON u.id = a.admin_id
        WHERE u.email = $1 AND a.action LIKE 'admin.password%' ORDER BY a.id`,
      [admin.email],
    );
    expect(audit.map((r) => r.action)).toEqual(['admin.password_change_failed', 'admin.password_changed']);
  });

  it('the same page in Chinese', async () => {
    const zhContext = await run.browser.newContext({
      baseURL: run.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    try {
      const zhPage = await zhContext.newPage();
      await zhPage.goto('/admin/login');
      await zhPage.locator('input[name="email"]').fill(admin.email);
      await zhPage.locator('input[name="password"]').fill(changed);
      await zhPage.locator('button[type="submit"]').click();
      await zhPage.waitForURL((url) => !url.pathname.endsWith('/login'));
      await zhPage.getByRole('menuitem', { name: '登录密码' }).click();
      await zhPage.getByText('再次输入新密码').first().waitFor();
      await zhPage.locator('input[name="newPassword"]').fill('short');
      await zhPage.getByText('至少 12 个字符', { exact: true }).waitFor();
      await screenshot(zhPage, 'admin-password-zh');
    } finally {
      await zhContext.close();
    }
  });
});
