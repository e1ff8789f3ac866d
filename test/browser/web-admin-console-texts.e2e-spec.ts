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

// What a console reader met in English or in codes whatever the console's language, and what they
// could not read at all:
// - a system parameter's description came from the database, in English only;
// - the ledger accounts list's search label was cut ("Customer (name, e-m...") at 1280 px;
// - the dashboard's day labels ran into each other ("Nov 3Nov 5");
// - approving an adjustment named the house account by its code ("adjustments").
describe('web-admin: texts in the console language, labels that fit', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let customer: RegisteredUser;
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
      if (code !== 'en') {
        const english = PARAMETER_KEYS.filter((k) => texts.keys[k] === PARAMETER_DESCRIPTIONS.en.keys[k]);
        expect({ code, english }).toEqual({ code, english: [] });
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

  it("the ledger accounts list's filter labels are whole at 1280 px, in every language", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cut: string[] = [];
    try {
      for (const code of LANGUAGE_CODES) {
        await setLocale(page, code);
        await page.goto('/admin/ledger-accounts');
        await page.locator('.RaFilterForm-filterFormInput label').first().waitFor();
        await page.locator('tbody tr').first().waitFor();
        const labels = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('.RaFilterForm-filterFormInput label'))
            .filter((l) => l.offsetParent !== null)
            .map((l) => ({ text: l.innerText, cut: l.scrollWidth > l.clientWidth + 1 })),
        );
        expect(labels.length).toBeGreaterThanOrEqual(4);
        cut.push(...labels.filter((l) => l.cut).map((l) => `${code}: ${l.text}`));
        if (code === 'en' || code === 'ar' || code === 'zh')
          await screenshot(page, `admin-ledger-accounts-filters-${code}`);
      }
    } finally {
      await setLocale(page, 'en');
    }
    expect(cut).toEqual([]);
    const phone = await mobileContext(run);
    try {
      const mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
      await mobile.goto('/admin/ledger-accounts');
      await mobile.locator('tbody tr').first().waitFor();
      await screenshot(mobile, 'admin-ledger-accounts-filters-mobile');
    } finally {
      await phone.close();
    }
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
