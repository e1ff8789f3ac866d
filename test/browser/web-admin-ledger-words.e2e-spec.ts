/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  AccountKind,
  LedgerService,
  REASON_GROUPS,
  SystemAccount,
  type AccountRef,
  type LedgerReason,
} from '@app/ledger';
import { PLAN_KINDS } from '../../services/orders/src/plans/plan-kinds';
import { consoleMessages } from '../../web-admin/src/i18n/language';
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

/** Every reason the services post with, every kind of user account and every house account. */
const REASONS = [...new Set(Object.values(REASON_GROUPS).flat())];
const KINDS = [
  ...new Set<string>([
    ...Object.values(AccountKind),
    ...Object.values(PLAN_KINDS).map((k) => k.principalKind),
  ]),
];
const HOUSE_ACCOUNTS: string[] = Object.values(SystemAccount);

interface LedgerWords {
  reasons?: Record<string, string>;
  kinds?: Record<string, string>;
  houseAccounts?: Record<string, string>;
}
const wordsOf = (code: string) =>
  (consoleMessages(loadConsoleLanguage(code)).swx as unknown as { ledger: LedgerWords }).ledger;

// The ledger's codes in the console's words: a transfer's reason (smart_yield, withdrawal_hold...),
// the kind of account on each side (available, principal...) and the house account (yield_expense)
// were shown as the server's codes. Every code the server has must have words in every language:
// a new reason, kind or house account without them fails here.
describe("web-admin: the ledger's codes in words, in every language", () => {
  it.each(LANGUAGE_CODES)('%s: every reason, account kind and house account has its words', (code) => {
    const words = wordsOf(code);
    const missing = [
      ...REASONS.filter((r) => !words.reasons?.[r]?.trim() || words.reasons[r] === r).map(
        (r) => `reason ${r}`,
      ),
      ...KINDS.filter((k) => !words.kinds?.[k]?.trim() || words.kinds[k] === k).map((k) => `kind ${k}`),
      ...HOUSE_ACCOUNTS.filter((a) => !words.houseAccounts?.[a]?.trim() || words.houseAccounts[a] === a).map(
        (a) => `house account ${a}`,
      ),
    ];
    expect(missing).toEqual([]);
  });
});

describe('web-admin ledger transfers: reasons and accounts in words', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let user: RegisteredUser;
  const email = `${uniqueName('words-admin')}@example.com`;
  const password = 'ledger-words-browser-password';
  const setLocale = (code: string) =>
    page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
    user = await registerUser(run.t);
    const ledger = run.t.app.get(LedgerService);
    const mine = (kind: string): AccountRef => ({
      owner: { type: 'user', id: user.id },
      book: 'real',
      currency: 'USDT',
      kind,
    });
    const house = (id: SystemAccount): AccountRef => ({
      owner: { type: 'system', id },
      book: 'real',
      currency: 'USDT',
      kind: 'main',
    });
    // A string, not a LedgerReason: the journal may hold a reason this build does not post.
    const post = (reason: string, from: AccountRef, to: AccountRef, amount: string) =>
      ledger.post({
        key: `words-${randomUUID()}`,
        reason: reason as LedgerReason,
        legs: [{ from, to, amount }],
      });
    await post('deposit', house(SystemAccount.External), mine('available'), '100');
    await post('smart_subscribe', mine('available'), mine('principal'), '40');
    // Redeemed at once: a principal without its plan would break the ledger's audit of holds.
    await post('smart_redeem', mine('principal'), mine('available'), '40');
    await post('smart_yield', house(SystemAccount.YieldExpense), mine('available'), '1.25');
    // A reason the console does not know (yet): shown as it is.
    await post('mystery_bonus', house(SystemAccount.External), mine('available'), '0.5');
  });
  afterAll(() => session?.close());

  const transfersOf = (u: RegisteredUser) =>
    `/admin/ledger-transfers?filter=${encodeURIComponent(JSON.stringify({ userId: u.id }))}`;

  it('a transfer says why it moved money and between which accounts, in words', async () => {
    await setLocale('en');
    await page.goto(transfersOf(user));
    const yieldRow = page.locator('tr', { hasText: 'Smart plan income' });
    await yieldRow.waitFor();
    expect(await yieldRow.innerText()).toContain('⌂ Yield expense');
    expect(await yieldRow.innerText()).toContain(`${user.username} · Available`);
    const subscribe = page.locator('tr', { hasText: 'Smart plan subscription' });
    expect(await subscribe.innerText()).toContain(`${user.username} · Plan principal`);
    await page.locator('tr', { hasText: 'Deposit' }).filter({ hasText: '⌂ Outside world' }).waitFor();
    // An unknown reason stays as the server wrote it.
    await page.locator('tr', { hasText: 'mystery_bonus' }).waitFor();
    const text = await page.locator('tbody').innerText();
    for (const code of ['smart_yield', 'smart_subscribe', 'smart_redeem', 'yield_expense', 'external'])
      expect(text).not.toContain(code);
    expect(text).not.toMatch(/· (available|principal|main)\b/);
    await screenshot(page, 'admin-ledger-transfers-words');

    // The reason filter offers the reasons in words and filters on the code.
    await page.goto('/admin/ledger-transfers?filter=%7B%7D');
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Smart plan income' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"reason":"smart_yield"'));
    await page
      .locator('tbody tr')
      .filter({ hasNotText: 'Smart plan income' })
      .first()
      .waitFor({ state: 'detached' });
    await page.locator('tbody tr', { hasText: user.username }).first().waitFor();

    // The customer's balances name the accounts in words too.
    await page.goto(`/admin/users/${user.id}/show`);
    const balances = page.getByTestId('balances');
    await balances.getByText('Plan principal').waitFor();
    expect(await balances.innerText()).not.toMatch(/\t(available|principal)\t/);
    expect(session.pageErrors).toEqual([]);
  });

  it("the adjustment form's hint names the house account on the other side in words, in every language", async () => {
    try {
      for (const code of LANGUAGE_CODES) {
        const words = wordsOf(code);
        await setLocale(code);
        await page.goto('/admin/adjustments/create');
        const hint = page.locator('form .MuiAlert-message');
        await hint.waitFor();
        const text = await hint.innerText();
        expect({ code, text }).toEqual({
          code,
          text: expect.stringContaining(words.houseAccounts!.adjustments),
        });
        expect({ code, text }).toEqual({ code, text: expect.not.stringMatching(/\badjustments\b|%\{/) });
        if (code === 'en' || code === 'ar') await screenshot(page, `admin-ledger-adjustment-hint-${code}`);
      }
    } finally {
      await setLocale('en');
    }
    expect(session.pageErrors).toEqual([]);
  });

  it('in Arabic, on a desktop and on a phone', async () => {
    const ar = wordsOf('ar');
    await setLocale('ar');
    try {
      await page.goto(transfersOf(user));
      const row = page.locator('tr', { hasText: ar.reasons!.smart_yield });
      await row.waitFor();
      expect(await row.innerText()).toContain(`⌂ ${ar.houseAccounts!.yield_expense}`);
      expect(await row.innerText()).toContain(ar.kinds!.available);
      await screenshot(page, 'admin-ledger-transfers-words-ar');

      const phone = await mobileContext(run);
      try {
        const mobile = await phone.newPage();
        await signInToConsole(mobile, email, password);
        await mobile.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
        await mobile.goto(transfersOf(user));
        await mobile.getByText(ar.reasons!.smart_subscribe).first().waitFor();
        await screenshot(mobile, 'admin-ledger-transfers-words-ar-mobile');
      } finally {
        await phone.close();
      }
    } finally {
      await setLocale('en');
    }
    expect(session.pageErrors).toEqual([]);
  });
});
