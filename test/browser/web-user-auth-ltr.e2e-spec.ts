/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import {
  cutOffOn,
  desktopContext,
  mobileContext,
  screenshot,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

/** The direction of each named input of the page. */
const directions = (page: Page, names: string[]) =>
  page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((name) => {
          const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
          return [name, input ? getComputedStyle(input).direction : 'missing'];
        }),
      ),
    names,
  );

/* An e-mail address, a user name, a code: they read left to right in every language. On the
   sign-up, login and reset pages in Arabic these inputs are left to right, as the contact-change
   e-mail input is (the phone number already is: web-user-register-phone). */
describe('web-user: the auth pages’ address and code inputs are left to right in Arabic', () => {
  let run: BrowserRun;

  beforeAll(async () => {
    run = await startBrowserRun();
  });
  afterAll(async () => {
    await run?.close();
  });

  const inLanguage = async (context: BrowserContext, lang: string) => {
    await context.addInitScript((l) => {
      localStorage.setItem('lang', l);
      sessionStorage.setItem('showboard', '1'); // the welcome tour was seen
    }, lang);
    return context;
  };

  const pages: [string, string[]][] = [
    ['/pass/register', ['email', 'username', 'code', 'inviteCode']],
    ['/pass/login', ['account']],
    ['/pass/reset', ['email', 'code']],
  ];

  for (const [device, open] of [
    ['desktop', desktopContext],
    ['phone', mobileContext],
  ] as const) {
    it(`lays out the e-mail, account and code inputs left to right on the ${device}, in Arabic and English`, async () => {
      for (const lang of ['ar', 'en']) {
        const context = await inLanguage(await open(run), lang);
        const page = await context.newPage();
        for (const [url, names] of pages) {
          await page.goto(url);
          await page
            .locator(`input[name="${names[0]}"]`)
            .fill(names[0] === 'account' ? 'trader.one' : 'a@b.co');
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          expect({ url, lang, dirs: await directions(page, names) }).toEqual({
            url,
            lang,
            dirs: Object.fromEntries(names.map((n) => [n, 'ltr'])),
          });
          expect(await cutOffOn(page)).toEqual([]);
          await screenshot(page, `auth-ltr${url.replace(/\//g, '-')}-${lang}-${device}`);
        }
        // The login's second step (an account with 2FA on: the first factor answers a challenge).
        await page.route('**/swx/customer/login/login', (route) =>
          route.fulfill({
            json: {
              code: 200,
              result: { twoFactorRequired: true, challenge: 'test-challenge' },
              message: 'ok',
            },
          }),
        );
        await page.goto('/pass/login', { waitUntil: 'networkidle' });
        await page.locator('input[name="account"]').fill('trader.one');
        await page.locator('input[name="password"]').fill('correct horse battery');
        await page.locator('button[type="submit"]').click();
        await page.getByTestId('two-factor-step').waitFor();
        expect({ lang, dirs: await directions(page, ['totp']) }).toEqual({ lang, dirs: { totp: 'ltr' } });
        await screenshot(page, `auth-ltr-2fa-${lang}-${device}`);
        await page.getByTestId('two-factor-mode').click();
        expect({ lang, dirs: await directions(page, ['recoveryCode']) }).toEqual({
          lang,
          dirs: { recoveryCode: 'ltr' },
        });
        await context.close();
      }
    });
  }
});
