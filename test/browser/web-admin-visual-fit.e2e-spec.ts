/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { registerUser } from '../support/users';
import { LANGUAGE_CODES } from './console-languages';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type ConsoleSession,
} from './browser-support';

// What the visual survey (web-admin-visual-survey.e2e-spec.ts, de/fr/ja) found cut off at 1280 px
// and on a phone: menu entries ending in "…" at 1280 px (de "Support-Posteinga…", fr "Messagerie
// du su…", "Associations carit…"), the support inbox's "unread only" filter cut ("Non lues uniq…"),
// the invite-reward rule's Save button running past its card on a phone (fr "ENREGISTRER"), the
// ledger check's verdict on a phone ending in "…" (de "OK: Jede Währung und jede Kontoart summie…"),
// a user's tabs past the right edge at 1280 px with no way to reach them (de "COIN-" cut, and the
// tabs after it hidden), the system parameters' last column (updated at) past the right edge at
// 1280 px in German, and lists' Edit buttons past the right edge at 1280 px (instruments in every
// language, NFTs, plan products, coin networks in German).
describe('web-admin visual fit: menu, filters and forms whole in every language', () => {
  let session: ConsoleSession;
  let page: Page;
  const email = 'visual-fit-admin@example.com';
  const password = 'visual-fit-password';

  const setLocale = (p: Page, code: string) =>
    p.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);

  /** Elements under `root` whose text is wider than their box (cut or ending in an ellipsis). */
  const cutUnder = (p: Page, root: string) =>
    p.evaluate((sel) => {
      const found: string[] = [];
      for (const base of Array.from(document.querySelectorAll(sel)))
        for (const el of [base, ...Array.from(base.querySelectorAll<HTMLElement>('*'))] as HTMLElement[]) {
          if (!el.innerText || el.offsetParent === null) continue;
          if (el.scrollWidth > el.clientWidth + 1) found.push(`"${el.innerText.slice(0, 40)}"`);
        }
      return [...new Set(found)];
    }, root);

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ page } = session);
    page.setDefaultTimeout(15_000);
  });
  afterAll(() => session?.close());

  it.each([...LANGUAGE_CODES])(
    '%s: at 1280 px every menu entry and the inbox filter read whole',
    async (code) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await setLocale(page, code);
      await page.goto('/admin/conversations');
      await page.locator('[role="menuitem"]').first().waitFor();
      await page.locator('.RaFilterForm-filterFormInput').last().waitFor();
      await page.waitForTimeout(300);
      expect({ code, menu: await cutUnder(page, '.RaSidebar-fixed [role="menuitem"]') }).toEqual({
        code,
        menu: [],
      });
      expect({ code, filters: await cutUnder(page, '.RaFilterForm-filterFormInput') }).toEqual({
        code,
        filters: [],
      });
      if (code === 'fr' || code === 'de') await screenshot(page, `admin-visual-fit-menu-${code}`);
    },
  );

  it.each(['fr', 'de', 'en', 'ar'])(
    '%s: on a phone the invite-reward rule keeps its Save button in the card',
    async (code) => {
      const ctx = await mobileContext(session.run);
      try {
        const p = await ctx.newPage();
        await signInToConsole(p, email, password);
        await setLocale(p, code);
        await p.goto('/admin/inviteRewards');
        const button = p.getByTestId('save-invite-rule');
        await button.waitFor();
        await p.waitForTimeout(300);
        const fit = await button.evaluate((b) => {
          const card = b.closest('[data-testid="invite-rule"]')!.getBoundingClientRect();
          const r = b.getBoundingClientRect();
          return {
            inside: r.left >= card.left - 0.5 && r.right <= card.right + 0.5,
            whole: b.scrollWidth <= b.clientWidth + 1,
          };
        });
        await screenshot(p, `admin-visual-fit-invite-rule-${code}`);
        expect({ code, ...fit }).toEqual({ code, inside: true, whole: true });
      } finally {
        await ctx.close();
      }
    },
  );
  it.each(['de', 'fr', 'ja', 'ar'])(
    '%s: on a phone the ledger check says its verdict whole',
    async (code) => {
      const ctx = await mobileContext(session.run);
      try {
        const p = await ctx.newPage();
        await signInToConsole(p, email, password);
        await setLocale(p, code);
        await p.goto('/admin/ledger-accounts');
        const verdict = p.locator('[data-testid="invariant-ok"], [data-testid="invariant-broken"]').first();
        await verdict.waitFor();
        await p.waitForTimeout(300);
        const cut = await cutUnder(p, '[data-testid="invariant-panel"] .MuiChip-root');
        await screenshot(p, `admin-visual-fit-ledger-check-${code}`);
        expect({ code, cut }).toEqual({ code, cut: [] });
      } finally {
        await ctx.close();
      }
    },
  );
  it.each(['de', 'fr', 'es', 'en'])(
    '%s: at 1280 px and on a phone every tab of a user can be reached',
    async (code) => {
      const user = await registerUser(session.run.t);
      const check = async (p: Page, name: string) => {
        await setLocale(p, code);
        await p.goto(`/admin/users/${user.id}/show`);
        await p.locator('[role="tab"]').last().waitFor({ state: 'attached' });
        await p.waitForTimeout(300);
        const out = await p.evaluate(() => {
          const root = document.querySelector('.MuiTabs-root')!;
          const box = root.querySelector('.MuiTabs-scroller')!.getBoundingClientRect();
          const hidden = Array.from(root.querySelectorAll<HTMLElement>('[role="tab"]'))
            .filter((t) => {
              const r = t.getBoundingClientRect();
              return r.right > box.right + 1 || r.left < box.left - 1;
            })
            .map((t) => t.innerText);
          // A way to the hidden tabs: a scroll button that is shown.
          const buttons = Array.from(root.querySelectorAll<HTMLElement>('.MuiTabs-scrollButtons')).filter(
            (b) =>
              b.offsetParent !== null &&
              getComputedStyle(b).visibility !== 'hidden' &&
              b.getBoundingClientRect().width > 0,
          );
          return { hidden: hidden.length, reachable: hidden.length === 0 || buttons.length > 0 };
        });
        await screenshot(p, `admin-visual-fit-user-tabs-${name}-${code}`);
        expect({ code, name, reachable: out.reachable }).toEqual({ code, name, reachable: true });
      };
      await page.setViewportSize({ width: 1280, height: 800 });
      await check(page, 'desktop');
      const ctx = await mobileContext(session.run);
      try {
        const p = await ctx.newPage();
        await signInToConsole(p, email, password);
        await check(p, 'phone');
      } finally {
        await ctx.close();
      }
    },
  );
  it.each([...LANGUAGE_CODES])('%s: at 1280 px the system parameters show every column', async (code) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLocale(page, code);
    await page.goto('/admin/parameters');
    await page.locator('[data-testid="parameter-description"]').first().waitFor();
    await page.waitForTimeout(300);
    const widths = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('.RaDatagrid-table')!;
      const box = table.parentElement!.getBoundingClientRect();
      const cells = Array.from(table.querySelectorAll<HTMLElement>('thead th')).map((th) => {
        const r = th.getBoundingClientRect();
        return `${th.innerText || '-'}:${Math.round(r.width)}${r.right > box.right + 1 ? ' (out)' : ''}`;
      });
      return { out: cells.filter((c) => c.endsWith('(out)')), cells };
    });
    if (code === 'de') await screenshot(page, `admin-visual-fit-parameters-${code}`);
    expect({ code, out: widths.out, cells: widths.out.length ? widths.cells : [] }).toEqual({
      code,
      out: [],
      cells: [],
    });
  });
  it.each(['en', 'de', 'fr'])(
    '%s: at 1280 px the Edit buttons of wide lists are on the screen',
    async (code) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await setLocale(page, code);
      const out: string[] = [];
      for (const list of ['instruments', 'planProducts', 'coinNetworks']) {
        await page.goto(`/admin/${list}`);
        await page.locator('.RaEditButton-root').first().waitFor();
        await page.waitForTimeout(300);
        const off = await page.evaluate(() => {
          const box = document.querySelector('.RaDatagrid-tableWrapper')!.getBoundingClientRect();
          return Array.from(document.querySelectorAll('.RaEditButton-root')).filter((b) => {
            const r = b.getBoundingClientRect();
            return r.right > Math.min(box.right, window.innerWidth) + 1;
          }).length;
        });
        if (off) out.push(`${list}: ${off}`);
        if (code === 'de' && list === 'instruments')
          await screenshot(page, `admin-visual-fit-edit-${list}-${code}`);
      }
      expect({ code, out }).toEqual({ code, out: [] });
    },
  );
});
