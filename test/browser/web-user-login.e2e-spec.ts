/// <reference lib="dom" />
import { getBytes, Wallet } from 'ethers';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { generate } from 'otplib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Clock } from '@app/common';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { CHROMIUM, cutOffOn, englishLinesOn, IPHONE_UA, screenshot, SCREENSHOTS } from './browser-support';

const CLIENT_ID = 'swx-browser-client';
const CLIENT_SECRET = 'a-client-secret-for-browser-tests-only';

/** A free loopback port: the provider must know the app's callback before the app starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The loopback OIDC provider of the Google-login e2e test (test/support/oidc-provider.mjs). */
async function startProvider(redirectUri: string): Promise<{ child: ChildProcess; issuer: string }> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, '../support/oidc-provider.mjs'), CLIENT_ID, CLIENT_SECRET, redirectUri],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`OIDC provider exited with ${code}`)));
  });
  return { child, issuer: (JSON.parse(first) as { issuer: string }).issuer };
}

describe('web-user login: second factor, Google and wallet', () => {
  let t: TestApp;
  let clock: Clock;
  let browser: Browser;
  let baseUrl: string;
  let provider: { child: ChildProcess; issuer: string };

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-user/dist/index.html')))
      throw new Error('web-user/dist is missing: run `npm run build -w web-user` first');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    provider = await startProvider(`${baseUrl}/api/loginCallback/google`);
    t = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: `${baseUrl}/api/loginCallback/google`,
    });
    await t.app.listen(port, '127.0.0.1');
    clock = t.app.get(Clock);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    provider?.child.kill();
  });

  /** The authenticator app: the code of the current 30 s step of the server's clock. */
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  /** A different 6-digit code: certainly wrong. */
  const wrongCode = async (secret: string) =>
    String((Number(await totp(secret)) + 1) % 1_000_000).padStart(6, '0');

  /** A registered user with 2FA on: its secret and recovery codes. */
  async function enrolled(): Promise<{ user: RegisteredUser; secret: string; recoveryCodes: string[] }> {
    const user = await registerUser(t);
    const auth = { Authorization: `Bearer ${user.token}` };
    const setup = await t.http().post('/swx/customer/user/2fa/setup').set(auth);
    const secret = setup.body.result.secret as string;
    const enable = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(auth)
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    // A code works once per step: the login uses the next one.
    clock.advance(30_000);
    return { user, secret, recoveryCodes: enable.body.result.recoveryCodes as string[] };
  }

  async function newContext(opts: { lang?: string; mobile?: boolean } = {}): Promise<BrowserContext> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-US',
      ...(opts.mobile
        ? {
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 2,
            isMobile: true,
            hasTouch: true,
            userAgent: IPHONE_UA,
          }
        : { viewport: { width: 1280, height: 800 } }),
    });
    await context.addInitScript((lang) => {
      if (sessionStorage.getItem('init')) return;
      sessionStorage.setItem('init', '1');
      sessionStorage.setItem('showboard', '1');
      localStorage.setItem('lang', lang);
    }, opts.lang ?? 'en');
    return context;
  }

  /** The password form (by field names: the labels change with the language), up to the code step. */
  async function passwordStep(page: Page, user: RegisteredUser) {
    await page.goto('/pass/login');
    await page.locator('input[name="account"]').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('two-factor-step').waitFor();
  }

  it('2FA on: password, then a wrong code shows the error at the field, the right code logs in', async () => {
    const { user, secret } = await enrolled();
    const context = await newContext();
    const page = await context.newPage();
    await passwordStep(page, user);
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-2fa-desktop');

    // Empty and malformed codes are refused on the screen.
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.locator('.field-error').getByText('Please enter the 6-digit code').waitFor();

    await page.getByLabel('Authenticator code').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    const fieldError = page.locator('.field-invalid .field-error');
    await fieldError.waitFor();
    expect((await fieldError.innerText()).length).toBeGreaterThan(3);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-2fa-wrong-desktop');

    await page.getByLabel('Authenticator code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set('Authorization', `Bearer ${token}`);
    expect(info.body.result.id).toBe(user.id);
    await context.close();
  });

  it('2FA on, Arabic on a phone: the code step is translated, right-to-left, and takes a recovery code', async () => {
    const { user, recoveryCodes } = await enrolled();
    const context = await newContext({ lang: 'ar', mobile: true });
    const page = await context.newPage();
    await passwordStep(page, user);
    await page.getByRole('heading', { name: 'التحقق بخطوتين' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await screenshot(page, 'login-2fa-mobile-ar');

    await page.getByTestId('two-factor-mode').click();
    await page.locator('input[name="recoveryCode"]').fill('not-a-recovery-code');
    await page.getByRole('button', { name: 'تحقق وسجّل الدخول' }).click();
    await page.locator('.field-invalid .field-error').waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    await page.locator('input[name="recoveryCode"]').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'تحقق وسجّل الدخول' }).click();
    await page.waitForURL('**/profile');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('1');
    await context.close();
  });

  /** A context whose page has an injected EIP-1193 wallet that signs in Node with `wallet`. */
  async function walletContext(
    wallet: Wallet,
    opts: { lang?: string; mobile?: boolean } = {},
  ): Promise<{ context: BrowserContext; calls: string[] }> {
    const context = await newContext(opts);
    const calls: string[] = [];
    await context.exposeFunction('__testWallet', async (method: string, params: unknown[]) => {
      calls.push(method);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [wallet.address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        const [data, address] = params as [string, string];
        if (address.toLowerCase() !== wallet.address.toLowerCase()) throw new Error('wrong account');
        return wallet.signMessage(data.startsWith('0x') ? getBytes(data) : data);
      }
      throw new Error(`unsupported ${method}`);
    });
    await context.addInitScript(() => {
      type Bridge = { __testWallet: (method: string, params: unknown[]) => Promise<unknown> };
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: true,
        request: ({ method, params }: { method: string; params?: unknown[] }) =>
          (window as unknown as Bridge).__testWallet(method, params ?? []),
      };
    });
    return { context, calls };
  }

  it('wallet browser: "Log in with wallet" signs a SIWE message and logs in (a new wallet gets a user)', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const { context, calls } = await walletContext(wallet);
    const page = await context.newPage();
    await page.goto('/pass/login');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await screenshot(page, 'login-alt-desktop');
    await page.getByRole('button', { name: 'Log in with wallet' }).click();
    await page.waitForURL('**/profile');
    expect(calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set('Authorization', `Bearer ${token}`);
    expect(info.body.result.username).toBe(`w_${wallet.address.slice(2, 10).toLowerCase()}`);
    await context.close();

    // Without a wallet there is no wallet button.
    const plain = await newContext();
    const plainPage = await plain.newPage();
    await plainPage.goto('/pass/login');
    await plainPage.getByTestId('google-login').waitFor();
    expect(await plainPage.getByTestId('wallet-login').count()).toBe(0);
    await plain.close();
  });

  it('Arabic on a phone: login and register with the Google and wallet buttons, translated and not cut off', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const { context } = await walletContext(wallet, { lang: 'ar', mobile: true });
    const page = await context.newPage();
    for (const screen of ['login', 'register']) {
      await page.goto(`/pass/${screen}`);
      await page.getByRole('button', { name: 'المتابعة باستخدام Google' }).waitFor();
      await page.getByRole('button', { name: 'تسجيل الدخول بالمحفظة' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await englishLinesOn(page)).toEqual([]);
      expect(await cutOffOn(page)).toEqual([]);
    }
    await page.goto('/pass/login');
    await page.getByRole('button', { name: 'المتابعة باستخدام Google' }).waitFor();
    await screenshot(page, 'login-alt-mobile-ar');
    await context.close();
  });

  it('wallet login of an account with 2FA on asks for the code', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const { context } = await walletContext(wallet);
    const page = await context.newPage();
    await page.goto('/pass/register');
    await page.getByRole('button', { name: 'Log in with wallet' }).click();
    await page.waitForURL('**/profile');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const auth = { Authorization: `Bearer ${token}` };
    const setup = await t.http().post('/swx/customer/user/2fa/setup').set(auth);
    const secret = setup.body.result.secret as string;
    const enable = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(auth)
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    clock.advance(30_000);
    await page.evaluate(() => localStorage.clear());

    await page.goto('/pass/login');
    await page.getByRole('button', { name: 'Log in with wallet' }).click();
    await page.getByTestId('two-factor-step').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Authenticator code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/profile');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('1');
    await context.close();
  });

  /** Sends the provider's interaction to the account `email` (its login page logs in by hint). */
  async function asGoogleAccount(page: Page, email: string) {
    await page.route(`${provider.issuer}/auth**`, async (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.has('login_hint')) url.searchParams.set('login_hint', email);
      await route.continue({ url: url.href });
    });
  }

  it('Google: the button goes through the provider and the callback logs in, keeping ?redirect=', async () => {
    const email = `${uniqueName('g')}@example.com`;
    const context = await newContext();
    const page = await context.newPage();
    await asGoogleAccount(page, email);
    await page.goto('/pass/login?redirect=%2Fprofile%2Finfo');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/profile/info');
    await page.getByTestId('profile-info').getByText(email).waitFor();
    await context.close();
  });

  it('Google: a callback link this tab did not start logs nobody in (login CSRF)', async () => {
    // The attacker starts a Google login with their own account and keeps the callback link.
    const attacker = await newContext();
    const attackerPage = await attacker.newPage();
    await asGoogleAccount(attackerPage, `${uniqueName('g')}@example.com`);
    // Its callback page loads, but its call to the API never leaves: the code stays unused.
    await attackerPage.route('**/login/loginByGoogle', (route) => route.abort());
    await attackerPage.goto('/pass/login');
    await attackerPage.getByRole('button', { name: 'Continue with Google' }).click();
    await attackerPage.waitForURL('**/api/loginCallback/google**');
    const callback = attackerPage.url();
    expect(callback).toContain('state=');
    await attacker.close();

    // The victim opens it: refused, and still logged out.
    const victim = await newContext();
    const page = await victim.newPage();
    await page.goto(callback);
    await page.getByText('This sign-in could not be completed. Please log in with your password.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await victim.close();
  });

  it('Google with 2FA on: the callback page asks for the code', async () => {
    const { user, secret } = await enrolled();
    const context = await newContext();
    const page = await context.newPage();
    await asGoogleAccount(page, user.email);
    await page.goto('/pass/register');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/api/loginCallback/google**');
    await page.getByTestId('two-factor-step').waitFor();
    await page.getByLabel('Authenticator code').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.locator('.field-invalid .field-error').waitFor();
    await page.getByLabel('Authenticator code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/profile');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set('Authorization', `Bearer ${token}`);
    expect(info.body.result.id).toBe(user.id);
    await context.close();
  });

  it('Google not configured: no Google button (the wallet button stays)', async () => {
    // The server says so on login/methods (this app has Google configured: the answer is replaced).
    const { context } = await walletContext(new Wallet(Wallet.createRandom().privateKey), { lang: 'de' });
    const page = await context.newPage();
    let asked = 0;
    await page.route('**/swx/customer/login/methods', (route) => {
      asked++;
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, result: { google: false, wallet: true }, message: 'Success' }),
      });
    });
    await page.goto('/pass/login');
    // The section appears only once the answer is in.
    await page.getByTestId('alt-logins').getByTestId('wallet-login').waitFor();
    expect(await page.getByTestId('google-login').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Weiter mit Google' }).count()).toBe(0);
    // Register (a client-side navigation) uses the same answer without asking again.
    await page.locator('a[href="/pass/register"]').first().click();
    await page.waitForURL('**/pass/register');
    await page.getByTestId('alt-logins').getByTestId('wallet-login').waitFor();
    expect(await page.getByTestId('google-login').count()).toBe(0);
    expect(asked).toBe(1);
    await context.close();
  });

  it('a screen whose code does not arrive shows an error with a reload after 120 s', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.clock.install();
    // The loan screen's chunk never answers.
    await page.route(/\/assets\/LoanPage-[^/]*\.js$/, () => undefined);
    await page.goto('/loan', { waitUntil: 'domcontentloaded' });
    await page.locator('.state-loading').first().waitFor();
    // The page's clock also runs on its own while the test waits: margins on both sides of 120 s.
    await page.clock.fastForward(100_000);
    expect(await page.getByTestId('chunk-timeout').count()).toBe(0);
    await page.getByText('Loading…').first().waitFor();
    await page.clock.fastForward(25_000);
    await page.getByTestId('chunk-timeout').getByRole('button', { name: 'Reload' }).waitFor();
    await context.close();
  });
});
