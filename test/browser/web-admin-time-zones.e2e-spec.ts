/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { LedgerService, SystemAccount } from '@app/ledger';
import { registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import {
  IPHONE_UA,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type ConsoleSession,
} from './browser-support';

// The console writes times in the browser's time zone: it now says which, after every time of the
// lists, the detail views and the panels (an operator in Kolkata and one in Caracas read "10:15"
// of two different moments, and neither knew the other's). The zone is the offset from UTC of
// that moment (summer time included), the same in every language, and reads right in Arabic.
describe('web-admin: times say their time zone', () => {
  let session: ConsoleSession;
  let user: RegisteredUser;
  const email = `${uniqueName('zones-admin')}@example.com`;
  const password = 'time-zones-browser-password';

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    user = await registerUser(session.run.t);
    await session.run.t.app.get(LedgerService).post({
      key: `zones-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '10',
        },
      ],
    });
  });
  afterAll(() => session?.close());

  const transfers = () =>
    `/admin/ledger-transfers?filter=${encodeURIComponent(JSON.stringify({ userId: user.id }))}`;

  /** A signed-in page in a browser of that time zone, language and width. */
  async function consoleIn(
    timezoneId: string,
    locale: string,
    width = 1280,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const mobile = width < 600;
    const context = await session.run.browser.newContext({
      baseURL: session.run.baseUrl,
      viewport: { width, height: mobile ? 844 : 800 },
      timezoneId,
      locale: 'en-US',
      ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: IPHONE_UA } : {}),
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => session.pageErrors.push(error.message));
    await signInToConsole(page, email, password);
    await page.evaluate((code) => localStorage.setItem('RaStore.locale', JSON.stringify(code)), locale);
    return { context, page };
  }

  it('in Kolkata: lists, a detail view and the invariant panel say UTC+5:30', async () => {
    const { context, page } = await consoleIn('Asia/Kolkata', 'en');
    try {
      await page.goto(transfers());
      const cell = page.locator('td.column-createdAt').first();
      await cell.waitFor();
      expect((await cell.innerText()).trim()).toMatch(
        /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} \u2066UTC\+5:30\u2069$/,
      );
      await page.goto('/admin/ledger-accounts');
      await page.getByTestId('invariant-ok').waitFor();
      expect(await page.getByTestId('invariant-panel').innerText()).toMatch(
        /Checked at .+ \u2066UTC\+5:30\u2069/,
      );
      await screenshot(page, 'admin-time-zone-invariant');
      await page.goto(`/admin/users/${user.id}/show`);
      const created = page.locator('.ra-field-createdAt').first();
      await created.waitFor();
      expect(await created.innerText()).toMatch(/UTC\+5:30/);
      await screenshot(page, 'admin-time-zone-user');
      // The dashboard's "refreshed at" too.
      await page.goto('/admin');
      await page
        .getByText(/UTC\+5:30/)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
    expect(session.pageErrors).toEqual([]);
  });

  it('in UTC the zone is UTC; in Arabic (Caracas) the zone reads UTC-4 after the date, on a phone too', async () => {
    const utc = await consoleIn('UTC', 'en');
    try {
      await utc.page.goto(transfers());
      const cell = utc.page.locator('td.column-createdAt').first();
      await cell.waitFor();
      expect((await cell.innerText()).trim()).toMatch(/\d{2}:\d{2}:\d{2} \u2066UTC\u2069$/);
    } finally {
      await utc.context.close();
    }
    const ar = loadConsoleLanguage('ar');
    for (const width of [1280, 390]) {
      const { context, page } = await consoleIn('America/Caracas', 'ar', width);
      try {
        await page.goto(transfers());
        const cell = page.locator('td.column-createdAt').first();
        await cell.waitFor();
        const text = (await cell.innerText()).trim();
        // Day/month/year first, as Arabic writes it, and the zone after it, written left to right.
        expect(text).toMatch(/^\d{1,2}\u200f?\/\d{1,2}\u200f?\/\d{4}/);
        expect(text).toMatch(/\u2066UTC-4\u2069$/);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        // On screen the zone reads left to right as a whole ("UTC-4", not "4-UTC"), and comes
        // after the date: left of it on the same line, or on a line below.
        const box = await page.evaluate(() => {
          const td = document.querySelector('td.column-createdAt')!;
          const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
          const node = walker.nextNode() as Text;
          const at = (from: number, to: number) => {
            const range = document.createRange();
            range.setStart(node, from);
            range.setEnd(node, to);
            return range.getBoundingClientRect();
          };
          const zone = node.data.indexOf('UTC');
          return {
            date: at(0, 2),
            zone: at(zone, zone + 5),
            u: at(zone, zone + 1),
            four: at(zone + 4, zone + 5),
          };
        });
        expect(box.u.left).toBeLessThan(box.four.left);
        if (box.zone.top < box.date.bottom - 2) expect(box.zone.right).toBeLessThanOrEqual(box.date.left);
        await page.getByText(ar.ledger.swx.ledger.transfersTitle).first().waitFor();
        await screenshot(page, `admin-time-zone-ar-${width}`);
      } finally {
        await context.close();
      }
    }
    expect(session.pageErrors).toEqual([]);
  });
});
