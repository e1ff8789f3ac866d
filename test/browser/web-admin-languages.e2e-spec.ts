/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { LANGUAGE_CODES, loadConsoleLanguage } from './console-languages';
import { uniqueName } from '../support/users';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type BrowserRun,
  type ConsoleSession,
} from './browser-support';

// The console in each of the user app's eleven languages: the dashboard and the menu in the
// language chosen, the page's lang and direction with it (Arabic right to left, the menu on the
// right), dates written as the language writes them, and back to English from the language menu.
describe('web-admin in every language', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  const password = 'languages-browser-password';
  const email = `${uniqueName('languages-admin')}@example.com`;

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
  });
  afterAll(() => session?.close());

  it.each(LANGUAGE_CODES)('%s: dashboard and menu in the language, lang and direction set', async (code) => {
    const language = loadConsoleLanguage(code);
    await page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);
    await page.goto('/admin');
    await page.getByText(language.messages.swx.dashboard.waiting, { exact: true }).first().waitFor();
    // The resource's plural name, as react-admin's menu shows it.
    const auditLog = language.messages.resources.audit.name.split('||||').pop()!.trim();
    await page.getByRole('menuitem', { name: auditLog }).waitFor({ state: 'attached' });
    const page_ = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      width: window.innerWidth,
      menu: document.querySelector('[role="menuitem"]')!.getBoundingClientRect().left,
    }));
    expect(page_.lang).toBe({ zh: 'zh-CN', hk: 'zh-HK' }[code as string] ?? code);
    expect(page_.dir).toBe(language.rtl ? 'rtl' : 'ltr');
    // The menu (the sidebar) sits at the start of the line: left, or right in Arabic.
    if (language.rtl) expect(page_.menu).toBeGreaterThan(page_.width / 2);
    else expect(page_.menu).toBeLessThan(page_.width / 2);
    if (code === 'ar' || code === 'th' || code === 'ja') await screenshot(page, `admin-dashboard-${code}`);
    // Dates in the language too (the audit log holds this admin's sign-in): German day.month.year,
    // Arabic in Arabic with Latin digits.
    const dates: Record<string, RegExp> = {
      de: /^\d{1,2}\.\d{1,2}\.\d{4}/,
      ar: /^\d{1,2}\u200f?\/\d{1,2}\u200f?\/\d{4}/,
    };
    if (dates[code]) {
      await page.goto('/admin/audit');
      const cell = page.locator('td.column-createdAt').first();
      await cell.waitFor();
      expect((await cell.textContent())?.trim()).toMatch(dates[code]);
      await screenshot(page, `admin-audit-${code}`);
    }
  });

  it('ar on a phone: right to left, nothing wider than the screen, the title whole', async () => {
    const arabic = loadConsoleLanguage('ar');
    const phone = await mobileContext(run);
    try {
      const mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
      await mobile.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
      await mobile.goto('/admin');
      await mobile.getByText(arabic.messages.swx.dashboard.waiting, { exact: true }).first().waitFor();
      await mobile.locator('#react-admin-title').getByText(arabic.messages.ra.page.dashboard).waitFor();
      const layout = await mobile.evaluate(() => {
        const title = document.getElementById('react-admin-title')!;
        return {
          dir: document.documentElement.dir,
          // Against the layout width: a phone's window grows with a page wider than its screen.
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          // The page title whole, not cut short by the buttons beside it.
          titleCut: title.scrollWidth > title.clientWidth,
        };
      });
      expect(layout).toEqual({ dir: 'rtl', overflow: 0, titleCut: false });
      await screenshot(mobile, 'admin-dashboard-ar-mobile');
      // The phone's language menu is the icon alone, named after the language, with all eleven.
      await mobile.getByRole('button', { name: arabic.name }).click();
      expect(await mobile.getByRole('menuitem').count()).toBe(LANGUAGE_CODES.length);
      await mobile.getByRole('menuitem', { name: 'English', exact: true }).click();
      await mobile.getByText('Waiting for review', { exact: true }).first().waitFor();
      expect(await mobile.evaluate(() => document.documentElement.dir)).toBe('ltr');
    } finally {
      await phone.close();
    }
  });

  it('the language can be chosen on the sign-in page', async () => {
    const german = loadConsoleLanguage('de');
    const visitor = await run.browser.newContext({ baseURL: run.baseUrl, locale: 'en-US' });
    try {
      const login = await visitor.newPage();
      await login.goto('/admin/login');
      await login.getByRole('button', { name: 'Sign in' }).waitFor();
      await login.getByRole('button', { name: 'English' }).click();
      await login.getByRole('menuitem', { name: german.name }).click();
      await login.getByRole('button', { name: german.messages.swx.login.submit, exact: true }).waitFor();
      expect(await login.evaluate(() => document.documentElement.lang)).toBe('de');
      await screenshot(login, 'admin-login-de');
    } finally {
      await visitor.close();
    }
  });

  it('the language menu lists all eleven and switches back to English', async () => {
    const arabic = loadConsoleLanguage('ar');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await page.goto('/admin');
    await page.getByText(arabic.messages.swx.dashboard.waiting, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: arabic.name }).click();
    const names = await page.getByRole('menuitem').filter({ hasNotText: /^$/ }).allTextContents();
    for (const code of LANGUAGE_CODES) expect(names).toContain(loadConsoleLanguage(code).name);
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await page.getByText('Waiting for review', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    expect(session.pageErrors).toEqual([]);
  });
});
