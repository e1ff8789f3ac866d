/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { consoleMessages } from '../../web-admin/src/i18n/language';
import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { registerUser } from '../support/users';
import { LANGUAGE_CODES, loadConsoleLanguage } from './console-languages';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type ConsoleSession,
} from './browser-support';

// A coin network's confirmations are a count, edited as a number from 1 (they were English free
// text, "12 network confirmations"); a wide list's sticky Edit column keeps its header over the
// columns scrolling under it, opaque in both themes, with an edge between them; on a phone the
// ledger check's sums fit the screen (the table scrolled sideways) and an empty network fee's
// label reads whole (it ended in "…" until the field was focused).
/** A console text in a language, by its key ("swx.ledger.sum"). */
const text = (code: string, key: string): string =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      consoleMessages(loadConsoleLanguage(code)),
    ) as string;

describe('web-admin: network confirmations, the sticky Edit column, phone fits', () => {
  let session: ConsoleSession;
  let page: Page;
  let phone: BrowserContext;
  /** A phone (390 px) signed in once: its pages share the session and the chosen language. */
  let onPhone: Page;
  const email = 'networks-fit-admin@example.com';
  const password = 'networks-fit-password';

  const prefer = (p: Page, locale: string, theme: 'light' | 'dark' = 'light') =>
    p.evaluate(
      ([l, th]) => {
        localStorage.setItem('RaStore.locale', JSON.stringify(l));
        localStorage.setItem('RaStore.theme', JSON.stringify(th));
      },
      [locale, theme],
    );

  /** A coin network of this file's own (a coin nobody else uses), its fee rate following the parameter. */
  const ownNetwork = async () => {
    const coin = `F${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const [{ id }]: { id: number }[] = await session.run.t.db.query(
      `INSERT INTO funds.coin_networks (coin, network, address_kind, confirmations, min_deposit, min_withdrawal)
       VALUES ($1, 'ERC20', 'evm', $2, 1, 1) RETURNING id`,
      [coin, '12'],
    );
    return { coin, id };
  };
  const confirmationsOf = async (id: number) => {
    const rows: { confirmations: unknown }[] = await session.run.t.db.query(
      `SELECT confirmations FROM funds.coin_networks WHERE id = $1`,
      [id],
    );
    return rows[0].confirmations;
  };

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ page } = session);
    page.setDefaultTimeout(15_000);
    // A customer, so that the ledger check has sums to show: the demo book's opening credit, and
    // a real-book BTC credit.
    const customer = await registerUser(session.run.t);
    await session.run.t.app.get(LedgerService).post({
      key: `networks-fit-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'BTC',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: customer.id }, book: 'real', currency: 'BTC', kind: 'available' },
          amount: '0.12345678',
        },
      ],
    });
    phone = await mobileContext(session.run);
    onPhone = await phone.newPage();
    onPhone.setDefaultTimeout(15_000);
    await signInToConsole(onPhone, email, password);
  });
  afterAll(async () => {
    await phone?.close();
    await session?.close();
  });

  it.each(['en', 'de', 'ar'])(
    "%s: a network's confirmations are a whole number from 1, said on the field otherwise",
    async (code) => {
      const refused = text(code, 'swx.validation.confirmationsCount');
      const { coin, id } = await ownNetwork();
      await page.setViewportSize({ width: 1280, height: 800 });
      await prefer(page, code);
      await page.goto(`/admin/coinNetworks/${id}`);
      const input = page.locator('input[name="confirmations"]');
      await input.waitFor();
      expect(await input.evaluate((i: HTMLInputElement) => [i.type, i.min, i.step])).toEqual([
        'number',
        '1',
        '1',
      ]);
      expect(await input.inputValue()).toBe('12');
      const field = page.locator('.MuiFormControl-root', { has: input });
      for (const wrong of ['0', '2.5']) {
        await input.fill(wrong);
        await page.getByTestId('save').click();
        await field.getByText(refused).waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
      await screenshot(page, `admin-networks-fit-confirmations-refused-${code}`);
      expect(await confirmationsOf(id)).toBe(12);

      await input.fill('15');
      await page.getByTestId('save').click();
      await page.getByRole('dialog').getByTestId('confirm-changes').waitFor();
      await page.getByRole('dialog').getByRole('button').last().click();
      await page.waitForURL(/\/admin\/coinNetworks$/);
      expect(await confirmationsOf(id)).toBe(15);
      await page.goto(`/admin/coinNetworks?filter=${encodeURIComponent(JSON.stringify({ coin }))}`);
      await page.locator('td.column-confirmations', { hasText: '15' }).waitFor();

      await prefer(onPhone, code);
      await onPhone.goto(`/admin/coinNetworks/${id}`);
      await onPhone.locator('input[name="confirmations"]').waitFor();
      await onPhone.waitForTimeout(300);
      await screenshot(onPhone, `admin-networks-fit-confirmations-phone-${code}`);
      expect(session.pageErrors).toEqual([]);
    },
  );

  /**
   * The sticky Edit column of the list on `p`, scrolled to the middle of its columns: where its
   * header and cells sit against the table's visible end, what is drawn behind them, their edge
   * towards the columns under them, and what is seen at the header cell's middle.
   */
  const stickyEdit = (p: Page) =>
    p.evaluate(async () => {
      const wrapper = document.querySelector<HTMLElement>('.RaDatagrid-tableWrapper')!;
      const rtl = getComputedStyle(wrapper).direction === 'rtl';
      const overflow = wrapper.scrollWidth - wrapper.clientWidth;
      wrapper.scrollLeft = ((rtl ? -1 : 1) * overflow) / 2;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const box = wrapper.getBoundingClientRect();
      const end = (el: Element) => {
        const r = el.getBoundingClientRect();
        return Math.round(rtl ? r.left - box.left : box.right - r.right);
      };
      const header = Array.from(document.querySelectorAll<HTMLElement>('.RaDatagrid-headerCell')).at(-1)!;
      const cells = Array.from(document.querySelectorAll<HTMLElement>('.RaDatagrid-rowCell')).filter((c) =>
        c.querySelector('.RaEditButton-root'),
      );
      const cell = cells[0];
      const paper = wrapper.closest<HTMLElement>('.MuiPaper-root')!;
      const opaque = (el: HTMLElement) => {
        const c = getComputedStyle(el).backgroundColor;
        return /^rgb\(/.test(c) || /^rgba\(.*,\s*1\)$/.test(c);
      };
      const r = header.getBoundingClientRect();
      const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        scrolls: overflow > 0,
        headerSticky: getComputedStyle(header).position,
        // At the visible end of the table (0), the header over its own column's cells.
        headerAtEnd: end(header),
        cellsAtEnd: [...new Set(cells.map(end))],
        headerOverCells: Math.abs(r.left - cell.getBoundingClientRect().left) < 1,
        opaque: opaque(header) && cells.every(opaque),
        // A cell is painted as its card (in the dark theme: the card's lighter elevation overlay).
        cellLikeCard:
          getComputedStyle(cell).backgroundColor === getComputedStyle(paper).backgroundColor &&
          getComputedStyle(cell).backgroundImage === getComputedStyle(paper).backgroundImage,
        headerEdge: getComputedStyle(header).boxShadow !== 'none',
        cellEdge: cells.every((c) => getComputedStyle(c).boxShadow !== 'none'),
        headerSeen: !!seen && header.contains(seen),
      };
    });

  const fitsSticky = {
    scrolls: true,
    headerSticky: 'sticky',
    headerAtEnd: 0,
    cellsAtEnd: [0],
    headerOverCells: true,
    opaque: true,
    cellLikeCard: true,
    headerEdge: true,
    cellEdge: true,
    headerSeen: true,
  };

  it.each([
    ['de', 'light'],
    ['de', 'dark'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ] as const)(
    '%s %s: at 1280 px a wide list keeps its Edit header and cells at its end over what scrolls',
    async (code, theme) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await prefer(page, code, theme);
      const found: Record<string, unknown> = {};
      for (const list of ['instruments', 'planProducts', 'coinNetworks']) {
        await page.goto(`/admin/${list}`);
        await page.locator('.RaEditButton-root').first().waitFor();
        await page.waitForTimeout(300);
        const state = await stickyEdit(page);
        // A list that fits 1280 px needs no scrolling; its Edit column is still at its end.
        found[list] = state.scrolls ? state : { ...state, scrolls: true };
        // A hovered row shows its hover on its Edit cell too (over the card's paint).
        await page.locator('.RaDatagrid-row').nth(1).hover();
        const hovered = await page
          .locator('.RaDatagrid-row')
          .nth(1)
          .locator('.RaDatagrid-rowCell:has(.RaEditButton-root)')
          .evaluate((c) => getComputedStyle(c).backgroundImage);
        expect({ list, hovered }).toEqual({ list, hovered: expect.stringMatching(/^linear-gradient/) });
        await screenshot(page, `admin-networks-fit-sticky-${list}-${code}-${theme}-1280`);
      }
      expect(found).toEqual({ instruments: fitsSticky, planProducts: fitsSticky, coinNetworks: fitsSticky });
    },
  );

  it.each([
    ['en', 'light'],
    ['de', 'light'],
    ['de', 'dark'],
    ['ar', 'light'],
  ] as const)('%s %s: on a phone the same, scrolled to the middle', async (code, theme) => {
    const p = onPhone;
    await prefer(p, code, theme);
    const found: Record<string, unknown> = {};
    for (const list of ['instruments', 'planProducts', 'coinNetworks']) {
      await p.goto(`/admin/${list}`);
      await p.locator('.RaEditButton-root').first().waitFor();
      await p.waitForTimeout(300);
      found[list] = await stickyEdit(p);
      await screenshot(p, `admin-networks-fit-sticky-${list}-${code}-${theme}-390`);
    }
    await prefer(p, code, 'light');
    expect(found).toEqual({ instruments: fitsSticky, planProducts: fitsSticky, coinNetworks: fitsSticky });
  });

  it.each(['en', 'de', 'ar'])(
    '%s: on a phone the ledger check sums fit the screen, each with its labels',
    async (code) => {
      for (const [width, name] of [
        [390, 'phone'],
        [1280, 'desktop'],
      ] as const) {
        const p = width === 390 ? onPhone : page;
        {
          if (p === page) await p.setViewportSize({ width: 1280, height: 800 });
          await prefer(p, code);
          await p.goto('/admin/ledger-accounts');
          const sum = p.locator('[data-testid="sum-demo-USDT"]');
          await sum.waitFor();
          await p.waitForTimeout(300);
          const fit = await p.evaluate(() => {
            const table = document.querySelector<HTMLElement>('[data-testid="invariant-panel"] table')!;
            const scroller = table.parentElement!;
            const page = document.documentElement;
            return {
              sideways:
                scroller.scrollWidth > scroller.clientWidth + 1 || page.scrollWidth > page.clientWidth + 1,
              tableInside: table.getBoundingClientRect().right <= window.innerWidth + 0.5,
            };
          });
          const row = await sum.innerText();
          await screenshot(p, `admin-networks-fit-ledger-${name}-${code}`);
          expect({ code, name, ...fit }).toEqual({ code, name, sideways: false, tableInside: true });
          // The sum and the count of accounts are named, in a row of their own or under the headers.
          if (name === 'phone') {
            expect(row).toContain(text(code, 'swx.ledger.sum'));
            expect(row).toContain(text(code, 'swx.ledger.accounts'));
          }
        }
      }
    },
  );

  it('on a phone an empty network fee reads its label whole in every language, 390 and 360 px wide', async () => {
    const { id } = await ownNetwork();
    const cut: string[] = [];
    const p = onPhone;
    try {
      for (const width of [390, 360]) {
        await p.setViewportSize({ width, height: 800 });
        for (const code of LANGUAGE_CODES) {
          await prefer(p, code);
          await p.goto(`/admin/coinNetworks/${id}`);
          const input = p.locator('input[name="withdrawFeeRateOverride"]');
          await input.waitFor();
          await p.waitForTimeout(400);
          expect(await input.inputValue()).toBe('');
          const label = await p.evaluate(() => {
            const field = document
              .querySelector('input[name="withdrawFeeRateOverride"]')!
              .closest<HTMLElement>('.MuiFormControl-root')!;
            const l = field.querySelector<HTMLElement>('label')!;
            const f = field.getBoundingClientRect();
            const r = l.getBoundingClientRect();
            return {
              text: l.innerText,
              whole: l.scrollWidth <= l.clientWidth + 1,
              inside: r.left >= f.left - 0.5 && r.right <= f.right + 0.5,
            };
          });
          if (!label.whole || !label.inside) cut.push(`${width} ${code} "${label.text}"`);
          if (width === 390 && ['en', 'de', 'ar', 'it'].includes(code))
            await screenshot(p, `admin-networks-fit-fee-label-${code}`);
        }
      }
    } finally {
      await p.setViewportSize({ width: 390, height: 844 });
    }
    expect(cut).toEqual([]);
  });
});
