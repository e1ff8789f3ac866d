/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { registerUser, uniqueName } from '../support/users';
import {
  cutOffOn,
  desktopContext,
  englishLinesOn,
  mobileContext,
  screenshot,
  startBrowserRun,
  textChanges,
  waitForCode,
  type BrowserRun,
} from './browser-support';

describe('web-user in a real browser', () => {
  let run: BrowserRun;
  let desktop: BrowserContext;
  const account = { username: uniqueName('web'), password: 'correct horse battery' };
  const email = `${account.username}@example.com`;

  beforeAll(async () => {
    run = await startBrowserRun();
    desktop = await desktopContext(run);
  });
  afterAll(async () => {
    await desktop?.close();
    await run?.close();
  });

  const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

  it('serves the app at / with the SPA fallback, and never for API paths', async () => {
    const deep = await run.t.http().get('/profile/info').set('accept', 'text/html');
    expect(deep.status).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    const api = await run.t.http().get('/swx/customer/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
    const asset = await run.t.http().get('/no-such-file.js');
    expect(asset.status).toBe(404);
  });

  it('redirects an unknown path to / and shows the home page', async () => {
    const page = await desktop.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('home').waitFor();
    await page.getByTestId('desktop-topbar').waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBeGreaterThan(0);
    // The footer's content groups answer from index/listContents or say they are unavailable.
    await page.locator('footer').getByText(`© ${new Date().getFullYear()} SWX`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'home-desktop');
    await page.close();
  });

  it('validates the login form inline before calling the API, and shows the server message for a wrong password', async () => {
    const existing = await registerUser(run.t);
    const page = await desktop.newPage();
    const loginCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/login/login') && loginCalls.push(r.url()));
    await page.goto('/pass/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter your username or e-mail').waitFor();
    await page.getByText('Please enter your password').waitFor();
    expect(loginCalls).toHaveLength(0);
    await screenshot(page, 'login-desktop');

    const expected = await run.t
      .http()
      .post('/swx/customer/login/login')
      .set('lang', 'en')
      .send({ account: existing.username, password: 'not the password' });
    expect(expected.body.code).not.toBe(200);
    await page.getByLabel('Username, e-mail or phone').fill(existing.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('server-error').waitFor();
    expect(await text(page, '[data-testid=server-error]')).toBe(expected.body.message);
    expect(loginCalls).toHaveLength(1);
    await page.close();
  });

  it('registers by e-mail, shows 100000 USDT demo, switches books, logs out and logs in again', async () => {
    const page = await desktop.newPage();
    await page.goto('/pass/register?inviteCode=');
    await page.getByTestId('register-by-email').click();
    await screenshot(page, 'register-desktop');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The passwords are not the same').waitFor();
    await page.getByText('Please send a verification code first').waitFor();
    await page.getByLabel('Confirm password').fill(account.password);

    await page.getByTestId('send-code').click();
    await page.getByText(/Resend in \d+ s/).waitFor();
    const code = await waitForCode(run.t, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/profile');
    await page.getByTestId('profile-username').getByText(account.username).waitFor();
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    await screenshot(page, 'profile-desktop');

    const requestBook = page.waitForRequest(
      (r) => r.url().endsWith('/user/getUserInfo') && r.headers()['virtually'] === 'YES',
    );
    await page.getByTestId('book-real').click();
    await page.getByText('Switched to real account').waitFor();
    const real = await requestBook;
    expect(real.headers()['authorization']).toMatch(/^Bearer /);
    await page.locator('[data-testid=balances-empty], [data-testid=balances]').first().waitFor();
    await page.getByTestId('book-demo').click();
    await page.getByText('Switched to virtual account').waitFor();
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();

    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();

    await page.goto('/pass/login');
    await page.getByLabel('Username, e-mail or phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    await page.goto('/profile/info');
    await page.getByTestId('profile-info').getByText(email).waitFor();
    await page.close();
  });

  it('sends the user to /pass/login when the session answers 401', async () => {
    const page = await desktop.newPage();
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-valid-token');
      localStorage.setItem('isLogin', '1');
    });
    await page.goto('/profile');
    // The login page, with the way back to the profile once logged in again.
    await page.waitForURL((url) => url.pathname === '/pass/login');
    expect(new URL(page.url()).searchParams.get('redirect') ?? '/profile').toBe('/profile');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  it('switches to Arabic: rtl document, translated texts, lang headers on requests', async () => {
    const context = await desktopContext(run);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('language-button').click();
    const headers = page.waitForRequest(
      (r) => r.url().includes('/swx/customer/') && r.headers()['lang'] === 'ar',
    );
    await page.locator('[data-lang=ar]').click();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.getByRole('link', { name: 'الرئيسية' }).first().waitFor();
    await page.getByRole('link', { name: 'إنشاء حساب' }).first().waitFor();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const request = await headers;
    expect(request.headers()['accept-language']).toBe('ar');
    await page.waitForLoadState('networkidle');
    await page.locator('tr[data-code=BTCUSDT]').waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'home-desktop-ar');
    await page.goto('/pass/login');
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'login-desktop-ar');
    await context.close();
  });

  it('uses the mobile layout on a phone: onboarding board, then the tab bar', async () => {
    const context = await mobileContext(run);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('onboarding').waitFor();
    await screenshot(page, 'onboarding-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/pass/register');
    await page.goto('/');
    await page.getByTestId('tabbar').waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    for (const label of ['Home', 'Market', 'Staking', 'Funding details', 'Account']) {
      await page.getByTestId('tabbar').getByText(label, { exact: true }).waitFor();
    }
    expect(await page.getByTestId('desktop-topbar').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'home-mobile');

    await page.goto('/pass/login');
    expect(await page.getByTestId('tabbar').count()).toBe(0);
    await screenshot(page, 'login-mobile');
    await page.getByLabel('Username, e-mail or phone').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    await page.getByTestId('tabbar').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'profile-mobile');

    await page.goto('/cruuency?code=BTCUSDT&type=2&id=1');
    await page.getByTestId('kline-chart').locator('canvas').waitFor();
    expect(await page.getByTestId('tabbar').count()).toBe(0);
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'currency-mobile');
    await context.close();
  });

  it('skips the onboarding board straight to home', async () => {
    const context = await mobileContext(run);
    const page = await context.newPage();
    await page.goto('/market');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The address bar can change before React removes the board.
    await page.getByTestId('onboarding').waitFor({ state: 'detached' });
    await page.getByTestId('tabbar').waitFor();
    await context.close();
  });

  it('shows live prices on home and market, and a currency detail with a K-line chart', async () => {
    const page = await desktop.newPage();
    await page.goto('/');
    // The prices move with the feed's ticks over the socket, without reloading.
    const [before, after] = await textChanges(page, '[data-testid=home] [data-testid=price-BTCUSDT]');
    expect(after).not.toBe(before);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Market' })
      .click();
    await page.waitForURL('**/market');
    await page.getByRole('tab', { name: 'Forex' }).click();
    await page.locator('tr[data-code=EURUSD]').waitFor();
    await page.getByRole('tab', { name: 'Crypto' }).click();
    await textChanges(page, '[data-testid=price-ETHUSDT]');
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'market-desktop');

    await page.locator('tr[data-code=ETHUSDT]').click();
    await page.waitForURL((url) => url.pathname === '/cruuency');
    const query = new URL(page.url()).searchParams;
    expect([query.get('code'), query.get('type'), query.get('id')]).toEqual(['ETHUSDT', '2', '2']);
    await page.getByRole('heading', { name: 'ETHUSDT' }).waitFor();
    const chart = page.getByTestId('kline-chart');
    await chart.locator('canvas').waitFor();
    expect(Number(await chart.getAttribute('data-candles'))).toBeGreaterThan(10);
    await textChanges(page, '[data-testid=currency-price]');

    const hourly = page.waitForResponse(
      (r) => r.url().includes('/index/getKValueByCodeAndDate') && r.url().includes('period=1h'),
    );
    await page.locator('[data-period="1h"]').click();
    const candles = (await (await hourly).json()) as { code: number; result: { open: string }[] };
    expect(candles.code).toBe(200);
    expect(candles.result.length).toBeGreaterThan(10);
    await page.waitForFunction(
      () => document.querySelector('[data-period="1h"]')?.getAttribute('aria-selected') === 'true',
    );
    await chart.locator('canvas').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'currency-desktop');
    await page.close();
  });

  it('switches to Japanese and keeps it after a reload', async () => {
    const context = await desktopContext(run);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('language-button').click();
    await page.getByRole('dialog').locator('[data-lang=ja]').click();
    await page.getByRole('link', { name: 'ホーム' }).first().waitFor();
    await page.reload();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ja',
      'ltr',
    ]);
    await page.getByRole('link', { name: '新規登録' }).first().waitFor();
    await page.getByTestId('home').waitFor();
    await page.locator('footer').waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'home-desktop-ja');
    await context.close();
  });

  it('shows register, market, currency detail and profile in Arabic: right-to-left, nothing in English or cut off', async () => {
    const user = await registerUser(run.t);
    const context = await desktopContext(run);
    await context.addInitScript(() => localStorage.setItem('lang', 'ar'));
    const page = await context.newPage();

    await page.goto('/pass/register');
    await page.getByRole('heading', { name: 'أنشئ حسابك' }).waitFor();
    const checks: Record<string, { english: string[]; cutOff: string[] }> = {};
    const check = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      checks[name] = { english: await englishLinesOn(page), cutOff: await cutOffOn(page) };
      await screenshot(page, name);
    };
    await check('register-desktop-ar');

    await page.goto('/market');
    await page.locator('tr[data-code=BTCUSDT]').waitFor();
    await check('market-desktop-ar');

    await page.goto('/cruuency?code=BTCUSDT&type=2&id=1');
    await page.getByTestId('kline-chart').locator('canvas').waitFor();
    await check('currency-desktop-ar');

    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('isLogin', '1');
    }, user.token);
    await page.goto('/profile');
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    await check('profile-desktop-ar');

    const phone = await mobileContext(run);
    await phone.addInitScript(() => {
      localStorage.setItem('lang', 'ar');
      sessionStorage.setItem('showboard', '1');
    });
    const mobilePage = await phone.newPage();
    await mobilePage.goto('/');
    await mobilePage.getByTestId('tabbar').getByText('الرئيسية').waitFor();
    await mobilePage.locator('tr[data-code=BTCUSDT]').waitFor();
    expect(await mobilePage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    checks['home-mobile-ar'] = {
      english: await englishLinesOn(mobilePage),
      cutOff: await cutOffOn(mobilePage),
    };
    await screenshot(mobilePage, 'home-mobile-ar');

    const clean = { english: [], cutOff: [] };
    expect(checks).toEqual({
      'register-desktop-ar': clean,
      'market-desktop-ar': clean,
      'currency-desktop-ar': clean,
      'profile-desktop-ar': clean,
      'home-mobile-ar': clean,
    });
    await phone.close();
    await context.close();
  });
});
