/// <reference lib="dom" />
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../support/test-app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(__dirname, 'screenshots');
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export interface BrowserRun {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  close: () => Promise<void>;
}

/** The platform on a free port (it serves web-user/dist at /) and a headless chromium. */
export async function startBrowserRun(): Promise<BrowserRun> {
  if (!existsSync(path.resolve(__dirname, '../../web-user/dist/index.html'))) {
    throw new Error('web-user/dist is missing: run `npm run build:web` before `npm run test:browser`');
  }
  const t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    t,
    browser,
    baseUrl,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

export function desktopContext(run: BrowserRun): Promise<BrowserContext> {
  return run.browser.newContext({
    baseURL: run.baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
}

/** A console admin with these roles, written straight into the run's database. */
export async function createConsoleAdmin(run: BrowserRun, email: string, password: string, roles: string[]) {
  await run.t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
    email,
    await hashSecret(password),
    roles,
  ]);
}

/** Signs in to the console (no second factor) and waits until it has left the sign-in page. */
export async function signInToConsole(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** The platform, a console admin and a desktop page signed in as them, with the page's errors. */
export interface ConsoleSession {
  run: BrowserRun;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  close: () => Promise<void>;
}

/** Starts a browser run, creates a console admin with these roles and signs them in on a desktop page. */
export async function startConsoleSession(
  email: string,
  password: string,
  roles: string[],
): Promise<ConsoleSession> {
  if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
    throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
  }
  const run = await startBrowserRun();
  try {
    await createConsoleAdmin(run, email, password, roles);
    const context = await desktopContext(run);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToConsole(page, email, password);
    return {
      run,
      context,
      page,
      pageErrors,
      close: async () => {
        await context.close();
        await run.close();
      },
    };
  } catch (error) {
    await run.close();
    throw error;
  }
}

export function mobileContext(run: BrowserRun): Promise<BrowserContext> {
  return run.browser.newContext({
    baseURL: run.baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_UA,
    locale: 'en-US',
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Polls the outbox until the code sent to the recipient is there. */
export async function waitForCode(t: TestApp, recipient: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const rows: { body: string }[] = await t.db.query(
      'SELECT body FROM accounts.outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [recipient],
    );
    const match = /\b(\d{6})\b/.exec(rows[0]?.body ?? '');
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was sent to ${recipient}`);
}

/** Every text of web-user's English resources that a translated page must not show. */
export function englishTexts(): Set<string> {
  const dir = path.resolve(__dirname, '../../web-user/src/i18n/locales/en');
  const texts = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') texts.add(node.trim());
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  }
  // Names, codes and figures read the same in every language.
  for (const text of texts) if (/^(SWX|ETF|[\d\s.,:%+<>/-]*)$/.test(text)) texts.delete(text);
  return texts;
}

/** The lines of the page's visible text that are English interface texts (an untranslated screen). */
export async function englishLinesOn(page: Page): Promise<string[]> {
  const english = englishTexts();
  const lines = (await page.locator('body').innerText()).split('\n').map((l) => l.trim());
  return [...new Set(lines.filter((line) => english.has(line)))];
}

/**
 * What is cut off: the page scrolling sideways, or a heading, button, link, label or table cell whose
 * text is wider than its box.
 */
export async function cutOffOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const selector = 'h1, h2, h3, button, a.btn, label, th, td, .chip, .tab, input';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.visibility === 'hidden' || el.offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(
          `${el.tagName.toLowerCase()} "${el.innerText.slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`,
        );
      }
    }
    return found;
  });
}

/** Resolves once the text of the element changes (live data), or fails after `timeout`. */
export async function textChanges(page: Page, selector: string, timeout = 15000): Promise<[string, string]> {
  const locator = page.locator(selector).first();
  await locator.waitFor();
  const before = await locator.innerText();
  await page.waitForFunction(
    ([sel, text]) => {
      const now = document.querySelector<HTMLElement>(sel)?.innerText;
      return now !== undefined && now !== text;
    },
    [selector, before] as const,
    { timeout },
  );
  return [before, await locator.innerText()];
}
