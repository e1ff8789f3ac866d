/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { consoleMessages } from '../../web-admin/src/i18n/language';
import { registerUser, uniqueName } from '../support/users';
import { LANGUAGE_CODES, loadConsoleLanguage } from './console-languages';
import {
  desktopContext,
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type BrowserRun,
  type ConsoleSession,
} from './browser-support';

/** Every text of a console language (a plural's forms each), from its messages. */
function texts(code: string): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') for (const form of node.split('||||')) found.add(form.trim());
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(consoleMessages(loadConsoleLanguage(code)));
  return found;
}

/** English texts of the console that German does not share (not "Status", "ID", "E-Mail"...). */
function englishOnly(): Set<string> {
  const german = texts('de');
  return new Set(
    [...texts('en')].filter((text) => !german.has(text) && !text.includes('%{') && /[a-z]{3}/i.test(text)),
  );
}

/** The console's scripts a page fetched (their file names under /admin/assets) and their bytes. */
function scriptsOf(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    const match = /\/admin\/assets\/([^/?]+\.js)$/.exec(new URL(response.url()).pathname);
    if (!match) return;
    void response
      .body()
      .then((body) => scripts.set(match[1], body.length))
      .catch(() => scripts.set(match[1], 0));
  });
  return scripts;
}

/** A script of a language but English (its chunk is named after the file: de-<hash>.js). */
const LANGUAGE_SCRIPT = new RegExp(`^(${LANGUAGE_CODES.filter((c) => c !== 'en').join('|')})-[\\w-]+\\.js$`);

/**
 * Collects every text the page shows from its start, in `window.__texts` (each navigation anew); not
 * the head's (the tab's title is index.html's).
 */
function recordTexts(): void {
  const seen = new Set<string>();
  (window as unknown as { __texts: Set<string> }).__texts = seen;
  const add = (node: Node) => {
    if (node.nodeName === 'HEAD' || node.parentElement?.closest('head')) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent?.trim();
      if (text) seen.add(text);
    }
    node.childNodes.forEach(add);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') add(record.target);
      record.addedNodes.forEach(add);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

// The console's script was one file of 2 MB, loaded before the sign-in page showed: every screen,
// the dashboard's charts and the eleven languages' texts. Now the screens, the charts and the
// languages but English are loaded when shown, the libraries in chunks of their own; a console
// reloaded in German opens in German (its texts loaded first, no English in between). On a phone
// react-admin's floating Create button covered the last row's Edit button of a list.
describe('web-admin loaded in parts', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  const email = `${uniqueName('bundle-admin')}@example.com`;
  const password = 'bundle-browser-password';
  const scriptsAtStart = new Map<string, number>();

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
    page.setDefaultTimeout(20_000);
  });
  afterAll(() => session?.close());

  it('the sign-in page loads neither the screens, nor the charts, nor another language', async () => {
    const visitor = await desktopContext(run);
    try {
      const login = await visitor.newPage();
      const scripts = scriptsOf(login);
      await login.goto('/admin/login');
      await login.getByRole('button', { name: 'Sign in' }).waitFor();
      await login.waitForLoadState('networkidle');
      const names = [...scripts.keys()];
      const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      expect(names.filter((n) => /^(charts|Dashboard|instruments|users|ledger|support)-/.test(n))).toEqual(
        [],
      );
      expect(names.filter((n) => LANGUAGE_SCRIPT.test(n))).toEqual([]);
      // 2,072,841 bytes in one script before; about 0.90 MB in six now (minified, before gzip).
      expect(bytes).toBeLessThan(1_100_000);
      for (const [name, size] of scripts) scriptsAtStart.set(name, size);

      // Signed in: the dashboard, in English, with its charts; still no other language.
      await login.locator('input[name="email"]').fill(email);
      await login.locator('input[name="password"]').fill(password);
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByText('Waiting for review', { exact: true }).first().waitFor();
      await login.locator('canvas').first().waitFor();
      await login.waitForLoadState('networkidle');
      expect([...scripts.keys()].some((n) => /^charts-/.test(n))).toBe(true);
      expect([...scripts.keys()].filter((n) => LANGUAGE_SCRIPT.test(n))).toEqual([]);
      expect(await login.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await visitor.close();
    }
  });

  it('reloaded in German (the language chosen before): German from the start, no English shown', async () => {
    const english = englishOnly();
    const german = loadConsoleLanguage('de');
    const p = await session.context.newPage();
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(error.message));
    try {
      await p.addInitScript(recordTexts);
      await p.goto('/admin');
      await p.getByText('Waiting for review', { exact: true }).first().waitFor();
      await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('de')));
      const scripts = scriptsOf(p);
      await p.reload();
      await p.getByText(german.messages.swx.dashboard.waiting, { exact: true }).first().waitFor();
      const auditLog = german.messages.resources.audit.name.split('||||').pop()!.trim();
      await p.getByRole('menuitem', { name: auditLog }).waitFor({ state: 'attached' });
      await p.locator('canvas').first().waitFor();
      await p.waitForLoadState('networkidle');
      expect(await p.evaluate(() => document.documentElement.lang)).toBe('de');
      // German's texts came as a script of their own, the other languages' not at all.
      expect([...scripts.keys()].filter((n) => LANGUAGE_SCRIPT.test(n)).map((n) => n.split('-')[0])).toEqual([
        'de',
      ]);
      // Nothing English on the page now, nor at any moment since the reload began.
      const lines = (await p.locator('body').innerText()).split('\n').map((l) => l.trim());
      expect(lines.filter((line) => english.has(line))).toEqual([]);
      const shown = await p.evaluate(() => [...(window as unknown as { __texts: Set<string> }).__texts]);
      expect(shown.length).toBeGreaterThan(20);
      expect(shown.filter((text) => english.has(text))).toEqual([]);
      await screenshot(p, 'admin-bundle-dashboard-de');

      // A screen opened in German: its module and its texts.
      await p.goto('/admin/instruments');
      await p.locator('.RaDatagrid-row').first().waitFor();
      await p.waitForLoadState('networkidle');
      const listLines = (await p.locator('body').innerText()).split('\n').map((l) => l.trim());
      expect(listLines.filter((line) => english.has(line))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
      await p.close();
    }
  });

  it("a browser in German, nothing chosen yet: the sign-in page in German, the browser's language", async () => {
    const english = englishOnly();
    const german = loadConsoleLanguage('de');
    const visitor = await run.browser.newContext({ baseURL: run.baseUrl, locale: 'de-DE' });
    try {
      const login = await visitor.newPage();
      await login.addInitScript(recordTexts);
      await login.goto('/admin/login');
      await login.getByRole('button', { name: german.messages.swx.login.submit, exact: true }).waitFor();
      expect(await login.evaluate(() => document.documentElement.lang)).toBe('de');
      const shown = await login.evaluate(() => [...(window as unknown as { __texts: Set<string> }).__texts]);
      expect(shown.filter((text) => english.has(text))).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('a screen is loaded when opened: instruments, a user, the ledger check', async () => {
    const user = await registerUser(run.t);
    const scripts = scriptsOf(page);
    await page.goto('/admin');
    await page.getByText('Waiting for review', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect([...scripts.keys()].filter((n) => /^(instruments|users|ledger)-/.test(n))).toEqual([]);

    // The instruments' list, by the menu (no page load: the screen's module is fetched on the way).
    await page.getByRole('menuitem', { name: 'Instruments' }).click();
    await page.locator('.RaDatagrid-row').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/instruments/);
    expect([...scripts.keys()].some((n) => /^instruments-/.test(n))).toBe(true);

    // A user's detail, opened by its address.
    await page.goto(`/admin/users/${user.id}/show`);
    await page.getByText(user.email, { exact: true }).first().waitFor();
    expect([...scripts.keys()].some((n) => /^users-/.test(n))).toBe(true);

    // The ledger check, on the ledger accounts' screen.
    await page.goto('/admin/ledger-accounts');
    await page.getByTestId('invariant-panel').waitFor();
    await page.locator('[data-testid="invariant-ok"], [data-testid="invariant-broken"]').first().waitFor();
    expect([...scripts.keys()].some((n) => /^ledger-/.test(n))).toBe(true);
    expect(session.pageErrors).toEqual([]);
  });

  // A console left open across a release asks for a screen by the old build's file name, gone from
  // the server: it loads the page again (the new build) instead of showing an error.
  it('a screen whose script is gone (a release since the page was opened) loads the page again', async () => {
    const p = await session.context.newPage();
    try {
      await p.goto('/admin');
      await p.getByText('Waiting for review', { exact: true }).first().waitFor();
      let refused = 0;
      await p.route(/\/admin\/assets\/instruments-[^/]+\.js$/, async (route) => {
        if (refused++ === 0) await route.fulfill({ status: 404, body: 'gone' });
        else await route.continue();
      });
      const reloaded = p.waitForEvent('load');
      await p.getByRole('menuitem', { name: 'Instruments' }).click();
      await reloaded;
      await p.locator('.RaDatagrid-row').first().waitFor();
      expect(p.url()).toMatch(/\/admin\/instruments/);
      expect(refused).toBeGreaterThanOrEqual(2);
    } finally {
      await p.close();
    }
  });

  describe('on a phone (390 px)', () => {
    let phone: BrowserContext;
    let mobile: Page;

    beforeAll(async () => {
      phone = await mobileContext(run);
      mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
    });
    afterAll(() => phone?.close());

    // Every list with a Create button (the floating "+" on a phone) and rows with an Edit button.
    // In Arabic the button floats at the left, over the Edit column (at the row's end, left too).
    it.each([
      ['instruments', 'en'],
      ['levels', 'en'],
      ['planProducts', 'en'],
      ['loanProducts', 'en'],
      ['options-products', 'en'],
      ['admins', 'en'],
      ['instruments', 'ar'],
    ])(
      '%s (%s): the last row scrolls above the Create button, its Edit button takes the tap',
      async (resource, code) => {
        await mobile.evaluate(
          (locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)),
          code,
        );
        await mobile.goto(`/admin/${resource}?perPage=25`);
        await mobile.locator('.RaEditButton-root').first().waitFor();
        await mobile.locator('.RaCreateButton-floating').waitFor();
        // At the bottom of the page: the last row as high as it goes.
        const seen = await mobile.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const edit = Array.from(document.querySelectorAll<HTMLElement>('.RaEditButton-root')).at(-1)!;
          const r = edit.getBoundingClientRect();
          const fab = document.querySelector('.RaCreateButton-floating')!.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {
            onScreen: r.bottom <= window.innerHeight,
            editSeen: !!at && edit.contains(at),
            overFab: r.bottom > fab.top && r.top < fab.bottom && r.right > fab.left && r.left < fab.right,
          };
        });
        if (resource === 'instruments')
          await screenshot(mobile, `admin-bundle-instruments-bottom-390-${code}`);
        expect(seen).toEqual({ onScreen: true, editSeen: true, overFab: false });
        await mobile.locator('.RaEditButton-root').last().click();
        await mobile.waitForURL(new RegExp(`/admin/${resource}/[^/]+$`));
        const { messages } = loadConsoleLanguage(code);
        await mobile.getByRole('button', { name: messages.ra.action.save }).first().waitFor();
      },
    );
  });
});
