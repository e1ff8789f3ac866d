/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { consoleMessages } from '../../web-admin/src/i18n/language';
import { PARAMETER_DESCRIPTIONS, PARAMETER_KEYS } from '../../web-admin/src/i18n/parameters';
import { adminToken, fundReal } from '../e2e/trading/trading-support';
import { registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { LANGUAGE_CODES, loadConsoleLanguage } from './console-languages';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type BrowserRun,
  type ConsoleSession,
} from './browser-support';

/** The words of a console language for the house account `adjustments`. */
const adjustmentsWord = (code: string) =>
  (
    consoleMessages(loadConsoleLanguage(code)).swx as unknown as {
      ledger: { houseAccounts: Record<string, string> };
    }
  ).ledger.houseAccounts.adjustments;

/** Who knows a parameter only by its key: the database's description stands for it. */
const UNKNOWN_KEY = `test_unknown_${uniqueName('p')
  .replace(/[^a-z0-9]/gi, '')
  .toLowerCase()}`;
const UNKNOWN_TEXT = 'A setting only the database describes';

const NO_FILTERS = `filter=${encodeURIComponent('{}')}&displayedFilters=${encodeURIComponent('{}')}`;

/** The page's visible filters by row (their labels), rows of inputs whose tops differ by more than 4 px. */
const filterRows = (page: Page) =>
  page.evaluate(() => {
    const rows: { top: number; labels: string[] }[] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLElement>('.RaFilterForm-filterFormInput'))) {
      if (input.offsetParent === null) continue;
      const top = input.getBoundingClientRect().top;
      const label = input.querySelector('label')?.innerText ?? '?';
      const row = rows.find((r) => Math.abs(r.top - top) <= 4);
      if (row) row.labels.push(label);
      else rows.push({ top, labels: [label] });
    }
    return rows.map((r) => r.labels);
  });

// What a console reader met in English or in codes whatever the console's language, and what they
// could not read at all:
// - a system parameter's description came from the database, in English only;
// - the ledger accounts list's search label was cut ("Customer (name, e-m...") at 1280 px;
// - the dashboard's day labels ran into each other ("Nov 3Nov 5");
// - approving an adjustment named the house account by its code ("adjustments");
// - a parameter's edit form offered to edit the database's description, which the list (showing
//   the console's own text for a known key) never showed;
// - the ledger accounts' filter bar put "Book" on a second row at 1280 px, and their balances were
//   not grouped (1234567.891 where every other figure of the console reads 1,234,567.891).
describe('web-admin: texts in the console language, labels that fit', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let customer: RegisteredUser;
  let rich: RegisteredUser;
  let adjustmentId = '';
  const email = `${uniqueName('texts-admin')}@example.com`;
  const password = 'console-texts-browser-password';
  const setLocale = (p: Page, code: string) =>
    p.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
    page.setDefaultTimeout(20_000);
    customer = await registerUser(run.t);
    await fundReal(run.t, customer, '100');
    rich = await registerUser(run.t);
    await fundReal(run.t, rich, '1234567.891');
    await run.t.db.query(
      `INSERT INTO content.parameters (key, value, kind, description) VALUES ($1, '1', 'text', $2)`,
      [UNKNOWN_KEY, UNKNOWN_TEXT],
    );
    // An adjustment asked for by another super-admin: this one may approve it.
    const asked = await run.t
      .http()
      .post('/swx/admin/adjustments')
      .set('Authorization', `Bearer ${await adminToken(run.t)}`)
      .send({
        ownerType: 'user',
        ownerId: customer.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '5',
        reason: 'goodwill credit',
      });
    expect(asked.body.code).toBe(200);
    adjustmentId = String(asked.body.result.id);
  });
  afterAll(async () => {
    await run?.t.db.query(`DELETE FROM content.parameters WHERE key = $1`, [UNKNOWN_KEY]);
    await session?.close();
  });

  it('every parameter the platform seeds has its description in every language', async () => {
    const rows = await run.t.db.query<{ key: string }[]>(
      `SELECT key FROM content.parameters WHERE key NOT LIKE 'test\\_%' ORDER BY key`,
    );
    const coinMinimum = /^(deposit|withdraw)_min_[A-Z0-9]+$/;
    const unknown = rows
      .map((r) => r.key)
      .filter((k) => !coinMinimum.test(k) && !(PARAMETER_KEYS as readonly string[]).includes(k));
    expect(unknown).toEqual([]);
    for (const code of LANGUAGE_CODES) {
      const texts = PARAMETER_DESCRIPTIONS[code];
      const blank = PARAMETER_KEYS.filter((k) => !texts.keys[k]?.trim());
      expect({ code, blank }).toEqual({ code, blank: [] });
      expect(texts.depositMin).toContain('%{coin}');
      expect(texts.withdrawMin).toContain('%{coin}');
      expect(texts.readOnly.trim()).not.toBe('');
      if (code !== 'en') {
        const english = PARAMETER_KEYS.filter((k) => texts.keys[k] === PARAMETER_DESCRIPTIONS.en.keys[k]);
        expect({ code, english }).toEqual({ code, english: [] });
        expect(texts.readOnly).not.toBe(PARAMETER_DESCRIPTIONS.en.readOnly);
      }
    }
  });

  it("the parameters list describes each parameter in the console's language, an unknown one as the database does", async () => {
    try {
      for (const code of ['en', 'zh', 'ar', 'de'] as const) {
        await setLocale(page, code);
        await page.goto('/admin/parameters');
        const description = (key: string) =>
          page.locator('tbody tr', { hasText: key }).first().locator('td.column-description');
        const texts = PARAMETER_DESCRIPTIONS[code];
        await description('loan_interest_free_days').getByText(texts.keys.loan_interest_free_days).waitFor();
        expect(await description('u_leverage_max_kyc').innerText()).toBe(texts.keys.u_leverage_max_kyc);
        expect(await description('deposit_min_BTC').innerText()).toBe(
          texts.depositMin.replace('%{coin}', 'BTC'),
        );
        expect(await description(UNKNOWN_KEY).innerText()).toBe(UNKNOWN_TEXT);
        await screenshot(page, `admin-parameters-${code}`);
      }
      // The edit form says what the value means, under it.
      await setLocale(page, 'zh');
      await page.goto('/admin/parameters/withdraw_fee_rate');
      await page.getByText(PARAMETER_DESCRIPTIONS.zh.keys.withdraw_fee_rate).waitFor();
      await screenshot(page, 'admin-parameter-edit-zh');
      const phone = await mobileContext(run);
      try {
        const mobile = await phone.newPage();
        await signInToConsole(mobile, email, password);
        await setLocale(mobile, 'ar');
        await mobile.goto('/admin/parameters');
        await mobile.getByText(PARAMETER_DESCRIPTIONS.ar.keys.loan_interest_free_days).waitFor();
        await screenshot(mobile, 'admin-parameters-ar-mobile');
      } finally {
        await phone.close();
      }
    } finally {
      await setLocale(page, 'en');
    }
    expect(session.pageErrors).toEqual([]);
  });

  it("a known parameter's edit form shows the console's description read-only; an unknown one's stays editable", async () => {
    const stored = async (key: string) =>
      (
        await run.t.db.query<{ value: string; description: string | null }[]>(
          `SELECT value, description FROM content.parameters WHERE key = $1`,
          [key],
        )
      )[0];
    const before = await stored('exchange_quote_seconds');
    const next = before.value === '45' ? '50' : '45';
    const form = page.locator('form');
    try {
      // A key the console knows: its text in the console's language, read-only, nothing to edit.
      await setLocale(page, 'de');
      await page.goto('/admin/parameters/exchange_quote_seconds');
      await page.waitForFunction(
        (value) => document.querySelector<HTMLInputElement>('input[name="value"]')?.value === value,
        before.value,
      );
      const readOnly = form.getByTestId('parameter-description-readonly');
      expect(await readOnly.innerText()).toContain(PARAMETER_DESCRIPTIONS.de.keys.exchange_quote_seconds);
      expect(await readOnly.innerText()).toContain(PARAMETER_DESCRIPTIONS.de.readOnly);
      expect(await form.locator('[name="description"]').count()).toBe(0);
      // Shown once: not also under the value.
      expect(
        await form.getByText(PARAMETER_DESCRIPTIONS.de.keys.exchange_quote_seconds, { exact: true }).count(),
      ).toBe(1);
      await screenshot(page, 'admin-parameter-edit-known-de');
      // The API takes the value alone: the description is as it was.
      await page.locator('input[name="value"]').fill(next);
      await page.getByTestId('save').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/admin/parameters'));
      expect(await stored('exchange_quote_seconds')).toEqual({
        value: next,
        description: before.description,
      });
      expect(session.pageErrors).toEqual([]);

      // A key only the database describes: its description is edited here, and the list shows it.
      await setLocale(page, 'en');
      await page.goto(`/admin/parameters/${UNKNOWN_KEY}`);
      const description = form.locator('textarea[name="description"]');
      await page.waitForFunction(
        (text) => document.querySelector<HTMLTextAreaElement>('textarea[name="description"]')?.value === text,
        UNKNOWN_TEXT,
      );
      expect(await form.getByTestId('parameter-description-readonly').count()).toBe(0);
      await screenshot(page, 'admin-parameter-edit-unknown');
      await description.fill(`${UNKNOWN_TEXT}, edited`);
      await page.locator('input[name="value"]').fill('2');
      await page.getByTestId('save').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/admin/parameters'));
      expect(await stored(UNKNOWN_KEY)).toEqual({ value: '2', description: `${UNKNOWN_TEXT}, edited` });
      await page
        .locator('tbody tr', { hasText: UNKNOWN_KEY })
        .locator('td.column-description')
        .getByText(`${UNKNOWN_TEXT}, edited`)
        .waitFor();
    } finally {
      await setLocale(page, 'en');
      await run.t.db.query(`UPDATE content.parameters SET value = $2 WHERE key = $1`, [
        'exchange_quote_seconds',
        before.value,
      ]);
      await run.t.db.query(`UPDATE content.parameters SET value = '1', description = $2 WHERE key = $1`, [
        UNKNOWN_KEY,
        UNKNOWN_TEXT,
      ]);
    }
    expect(session.pageErrors).toEqual([]);
  });

  it("the ledger accounts list's filters are whole and on one row at 1280 px, in every language; on a phone they fit", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cut: string[] = [];
    const wrapped: string[] = [];
    try {
      for (const code of LANGUAGE_CODES) {
        await setLocale(page, code);
        // No filter shown but the bar's own (the list remembers the last ones).
        await page.goto(`/admin/ledger-accounts?${NO_FILTERS}`);
        await page.locator('.RaFilterForm-filterFormInput label').first().waitFor();
        await page.locator('tbody tr').first().waitFor();
        const labels = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('.RaFilterForm-filterFormInput label'))
            .filter((l) => l.offsetParent !== null)
            .map((l) => ({ text: l.innerText, cut: l.scrollWidth > l.clientWidth + 1 })),
        );
        expect(labels.length).toBeGreaterThanOrEqual(4);
        cut.push(...labels.filter((l) => l.cut).map((l) => `${code}: ${l.text}`));
        // One row: every filter at the first one's height ("Book" went to a second row).
        const rows = await filterRows(page);
        if (rows.length > 1) wrapped.push(`${code}: ${rows.map((r) => r.join(' | ')).join(' / ')}`);
        if (['en', 'de', 'ar', 'zh'].includes(code))
          await screenshot(page, `admin-ledger-accounts-filters-${code}`);
      }
    } finally {
      await setLocale(page, 'en');
    }
    expect(cut).toEqual([]);
    expect(wrapped).toEqual([]);
    const phone = await mobileContext(run);
    try {
      const mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
      for (const code of ['en', 'de']) {
        await setLocale(mobile, code);
        await mobile.goto(`/admin/ledger-accounts?${NO_FILTERS}`);
        await mobile.locator('tbody tr').first().waitFor();
        // Each filter whole on the screen (a row of its own where they do not fit side by side).
        const off = await mobile.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('.RaFilterForm-filterFormInput'))
            .filter((f) => f.offsetParent !== null)
            .map((f) => ({ text: f.innerText.split('\n')[0], box: f.getBoundingClientRect() }))
            .filter(({ box }) => box.left < -1 || box.right > window.innerWidth + 1 || box.width < 120)
            .map(({ text, box }) => `${text} ${Math.round(box.left)}..${Math.round(box.right)}`),
        );
        expect({ code, off }).toEqual({ code, off: [] });
        expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(mobile, `admin-ledger-accounts-filters-mobile-${code}`);
      }
    } finally {
      await phone.close();
    }
    expect(session.pageErrors).toEqual([]);
  });

  it('the ledger accounts show balances grouped with every decimal, as the user balances do', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(
      `/admin/ledger-accounts?filter=${encodeURIComponent(JSON.stringify({ userId: rich.id, currency: 'USDT', book: 'real' }))}`,
    );
    const row = page.locator('tbody tr', { hasText: rich.username });
    await row.first().waitFor();
    expect(await row.first().locator('td.column-balance').innerText()).toBe('1,234,567.891');
    // Right-aligned, as every figure column of the console.
    expect(
      await row
        .first()
        .locator('td.column-balance')
        .evaluate((td) => getComputedStyle(td).textAlign),
    ).toBe('right');
    await screenshot(page, 'admin-ledger-accounts-balances');
    // The invariant panel's sums read the same way.
    expect(await page.getByTestId('sum-real-USDT').locator('td').nth(2).innerText()).toBe('0');
    expect(session.pageErrors).toEqual([]);
  });

  /** The day labels each chart drew along its x axis, which overlap or nearly touch, and which run off. */
  const crowdedLabels = (p: Page) =>
    p.evaluate(() =>
      ['chart-flows', 'chart-users'].map((id) => {
        const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`)!;
        const drawn = JSON.parse(canvas.dataset.xLabels ?? 'null') as
          { label: string; left: number; right: number }[] | null;
        if (!drawn) return { id, count: 0, problems: ['no labels recorded'] };
        const sorted = [...drawn].sort((a, b) => a.left - b.left);
        const problems: string[] = [];
        for (let i = 1; i < sorted.length; i++) {
          const gap = sorted[i].left - sorted[i - 1].right;
          if (gap < 8) problems.push(`"${sorted[i - 1].label}" ${gap}px from "${sorted[i].label}"`);
        }
        for (const l of sorted)
          if (l.left < -1 || l.right > canvas.clientWidth + 1) problems.push(`"${l.label}" off the chart`);
        return { id, count: sorted.length, problems };
      }),
    );

  it("the dashboard's day labels stand apart, wide and on a phone, in English, Chinese and Arabic", async () => {
    const found: unknown[] = [];
    const check = async (p: Page, name: string) => {
      for (const days of [7, 30, 90]) {
        await p.getByTestId(`range-${days}`).click();
        await p.locator('[data-testid="chart-flows"][data-state="ready"]').waitFor({ timeout: 60_000 });
        await p.locator('[data-testid="chart-users"][data-state="ready"]').waitFor({ timeout: 60_000 });
        await p.waitForTimeout(300);
        for (const chart of await crowdedLabels(p)) {
          // A chart of 7 days has room for every day; any range shows a few at least.
          expect({ name, days, id: chart.id, some: chart.count >= 3 }).toEqual({
            name,
            days,
            id: chart.id,
            some: true,
          });
          if (chart.problems.length) found.push({ name, days, ...chart });
        }
        if (days === 30) {
          await p.getByTestId('chart-users').locator('canvas').scrollIntoViewIfNeeded();
          await screenshot(p, `admin-dashboard-days-${name}`);
        }
      }
    };
    try {
      for (const code of ['en', 'zh', 'ar']) {
        await setLocale(page, code);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto('/admin');
        await check(page, `${code}-1280`);
      }
      const phone = await mobileContext(run);
      try {
        const mobile = await phone.newPage();
        await signInToConsole(mobile, email, password);
        for (const code of ['en', 'ar']) {
          await setLocale(mobile, code);
          await mobile.goto('/admin');
          await check(mobile, `${code}-phone`);
        }
      } finally {
        await phone.close();
      }
    } finally {
      await setLocale(page, 'en');
    }
    expect(found).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('approving an adjustment names the house account on the other side in words, in every language', async () => {
    try {
      for (const code of LANGUAGE_CODES) {
        await setLocale(page, code);
        await page.goto(`/admin/adjustments/${adjustmentId}/show`);
        await page.getByTestId('approve-adjustment').first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('approve-summary-adjustment').waitFor();
        const text = await dialog.innerText();
        expect({ code, text }).toEqual({ code, text: expect.stringContaining(adjustmentsWord(code)) });
        expect({ code, text }).toEqual({ code, text: expect.not.stringMatching(/\badjustments\b|%\{/) });
        if (code === 'en' || code === 'ar' || code === 'zh')
          await screenshot(page, `admin-adjustment-approve-${code}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    } finally {
      await setLocale(page, 'en');
    }
    expect(session.pageErrors).toEqual([]);
  });
});
