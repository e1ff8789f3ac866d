/// <reference lib="dom" />
import { HDKey } from '@scure/bip32';
import Decimal from 'decimal.js';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Clock } from '@app/common';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../support/users';
import { CHROMIUM, IPHONE_UA, SCREENSHOTS } from './browser-support';

/** A 1x1 PNG: the API checks an image by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface MoneyRun {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  admin: string;
  close: () => Promise<void>;
}

/**
 * The platform with prices moved only by the test (MARKET_SOURCES=none), served on a free port,
 * and a headless chromium.
 */
export async function startMoneyRun(): Promise<MoneyRun> {
  if (!existsSync(path.resolve(__dirname, '../../web-user/dist/index.html'))) {
    throw new Error('web-user/dist is missing: run `npm run build:web` first');
  }
  const t = await createTestApp({
    MARKET_SOURCES: 'none',
    DATA_DIR: path.resolve(__dirname, '../../.data/test/app-data'),
    // Deposit addresses derive from extended public keys (the same test keys as the funds e2e tests).
    FUNDS_XPUB_EVM: HDKey.fromMasterSeed(Buffer.alloc(32, 7)).derive("m/44'/60'/0'").publicExtendedKey,
    FUNDS_XPUB_BTC:
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  });
  await t.app.listen(0, '127.0.0.1');
  const baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const login = await t
    .http()
    .post('/swx/admin/login')
    .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
  return {
    t,
    browser,
    baseUrl,
    admin: `Bearer ${login.body.result.token as string}`,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/** Publishes a price through the market's own tick path. */
/** The authenticator app's code for `secret` now on the server's clock (which tests move). */
export function serverTotp(t: TestApp, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.app.get(Clock).now().getTime() / 1000) });
}

export async function tick(t: TestApp, code: string, price: string): Promise<void> {
  await t.app.get(PriceService).publishTick({ code, price, ts: Date.now() });
}

/** A browser context already logged in as `user`, on the demo or real book, in `lang`. */
export async function userContext(
  run: MoneyRun,
  user: RegisteredUser,
  opts: { real?: boolean; lang?: string; mobile?: boolean; timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await run.browser.newContext({
    baseURL: run.baseUrl,
    ...(opts.mobile
      ? {
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          userAgent: IPHONE_UA,
        }
      : { viewport: { width: 1280, height: 860 } }),
    locale: 'en-US',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  await context.addInitScript(
    ([token, real, lang]) => {
      if (sessionStorage.getItem('init')) return;
      sessionStorage.setItem('init', '1');
      sessionStorage.setItem('showboard', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('virtually', real ? '0' : '1');
      localStorage.setItem('lang', lang);
    },
    [user.token, Boolean(opts.real), opts.lang ?? 'en'] as const,
  );
  return context;
}

export const realHeaders = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
export const demoHeaders = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'NO' });

/** The API's view of a coin account, to compare with the screen. */
export async function available(t: TestApp, u: RegisteredUser, book: 'real' | 'demo', coin = 'USDT') {
  const res = await t
    .http()
    .get('/swx/customer/user/listCoinAccounts')
    .set(book === 'real' ? realHeaders(u) : demoHeaders(u));
  return (res.body.result as { currency: string; available: string }[]).find((a) => a.currency === coin)
    ?.available;
}

/** Grouped like the screen shows amounts (formatAmount). */
export function grouped(value: string): string {
  const [int, frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${trimmed ? `.${trimmed}` : ''}`;
}

/** Grouped with exactly `places` decimals, like the screen shows prices (formatPrice). */
export function groupedPrice(value: string, places: number): string {
  const fixed = new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
  const [int, frac] = fixed.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

export async function setWithdrawPassword(t: TestApp, user: RegisteredUser, password: string) {
  await t
    .http()
    .post('/swx/customer/login/sendCode')
    .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
  const code = await lastCode(t, user.email);
  const res = await t
    .http()
    .post('/swx/customer/user/repasswordTx')
    .set(realHeaders(user))
    .send({ type: 'email', code, password });
  if (res.body.code !== 20005) throw new Error(JSON.stringify(res.body));
}

export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Waits until the API's value satisfies `ok`. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { registerUser };

/** A real-account USDT deposit declared through the API and approved by a reviewer. */
export async function depositReal(run: MoneyRun, u: RegisteredUser, amount: string): Promise<void> {
  const req = run.t.http().post('/swx/customer/user/recharge').set(realHeaders(u));
  const fields = {
    coin: 'USDT',
    network: 'TRC20',
    amount,
    txHash: `0x${Date.now().toString(16).padStart(32, '0')}${Math.random().toString(16).slice(2, 10).padEnd(32, '0')}`,
  };
  for (const [k, v] of Object.entries(fields)) void req.field(k, v);
  const res = await req.attach('voucher', PNG, 'proof.png');
  if (res.body.code !== 20002) throw new Error(JSON.stringify(res.body));
  const approved = await run.t
    .http()
    .post(`/swx/admin/recharges/${res.body.result.id}/approve`)
    .set('Authorization', run.admin);
  if (approved.body.code !== 200) throw new Error(JSON.stringify(approved.body));
}

/** A charity NFT listed by an operator: price 300, bids from 100, three hours left. */
export async function listNft(
  run: MoneyRun,
  name: string,
  contractAddress: string,
): Promise<{ id: string; name: string }> {
  const clock = run.t.app.get(Clock);
  const created = await run.t
    .http()
    .post('/swx/admin/nfts')
    .set('Authorization', run.admin)
    .send({
      name,
      imageUrl: '/swx/customer/index/nftImage/coral-dawn.svg',
      contractAddress,
      tokenId: `${Date.now()}`,
      creator: 'Test Studio',
      chain: 'Ethereum',
      charityId: 1,
      price: '300',
      startBid: '100',
      endTime: new Date(clock.now().getTime() + 3 * 3600_000).toISOString(),
    });
  if (created.body.code !== 200) throw new Error(JSON.stringify(created.body));
  return created.body.result as { id: string; name: string };
}

/** Whether the element's box lies inside the window (not cut off above, below or at the sides). */
export async function inWindow(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height &&
    box.x + box.width <= size.width
  );
}
