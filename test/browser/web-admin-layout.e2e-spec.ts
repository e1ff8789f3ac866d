/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { SECTIONS } from '../../web-admin/src/menu-sections';
import { adminToken, fundReal, real } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName } from '../support/users';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type ConsoleSession,
} from './browser-support';

/** Every list of the console's menu (the configuration lists hold the seeded catalogue). */
const LISTS = SECTIONS.flatMap(([, names]) => names);

// Layout of the console: the menu's section headings do not cover the items when the menu scrolls
// at a short window height, and no list is wider than the screen, on a phone or at 1024 px (until
// 2026-11-27 react-admin's layout grew with its widest table: the audit log was 1,365 px wide in CI);
// a withdrawal's detail shows the customer's balances readable (the real book's 18-decimal figures
// ran over the demo book's table at 1280 px, and were cut off on a phone).
describe('web-admin layout: menu headings, lists on a phone', () => {
  let session: ConsoleSession;
  let page: Page;
  const password = 'layout-browser-password';
  // A long address, so its login entry is one of the widest an audit row can get.
  const email = `${uniqueName('layout-admin-with-a-rather-long-mailbox-name')}@example.com`;

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('at 1280x500 the scrolled menu has no heading over an item', async () => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Audit log' }).waitFor({ state: 'attached' });
    /** The menu's scrolling box, its scroll range, and every heading box that overlaps an item box. */
    const measure = () =>
      page.evaluate(() => {
        const menu = document.querySelector('[role="menuitem"]')!.closest<HTMLElement>('ul')!;
        let scroller: HTMLElement | null = menu;
        while (
          scroller &&
          !(
            scroller.scrollHeight > scroller.clientHeight + 1 &&
            /auto|scroll/.test(getComputedStyle(scroller).overflowY)
          )
        )
          scroller = scroller.parentElement;
        const box = (el: Element) => el.getBoundingClientRect();
        const headings = Array.from(menu.querySelectorAll('.MuiListSubheader-root'));
        const items = Array.from(menu.querySelectorAll('[role="menuitem"]'));
        const overlaps: string[] = [];
        for (const h of headings)
          for (const i of items) {
            const a = box(h);
            const b = box(i);
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 1 && y > 1) overlaps.push(`${h.textContent} / ${i.textContent}`);
          }
        return {
          scrollable: scroller ? scroller.scrollHeight - scroller.clientHeight : 0,
          headings: headings.length,
          overlaps,
        };
      });
    const scrollMenu = (top: number) =>
      page.evaluate((to) => {
        let el: HTMLElement | null = document.querySelector('[role="menuitem"]')!.closest<HTMLElement>('ul');
        while (
          el &&
          !(el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY))
        )
          el = el.parentElement;
        if (el) el.scrollTop = to;
      }, top);

    const first = await measure();
    expect(first.headings).toBeGreaterThanOrEqual(4);
    // The menu is longer than the window, so it scrolls.
    expect(first.scrollable).toBeGreaterThan(100);
    expect(first.overlaps).toEqual([]);
    for (const top of [80, 200, 330, first.scrollable]) {
      await scrollMenu(top);
      await page.waitForTimeout(100);
      const now = await measure();
      expect({ top, overlaps: now.overlaps }).toEqual({ top, overlaps: [] });
      if (top === 200) await screenshot(page, 'admin-layout-menu-scrolled');
    }
    await screenshot(page, 'admin-layout-menu-scrolled-end');
    expect(session.pageErrors).toEqual([]);
  });

  /** The lists wider than the page's layout width, with how much. */
  async function widerLists(on: Page): Promise<string[]> {
    const wider: string[] = [];
    for (const name of LISTS) {
      await on.goto(`/admin/${name}`);
      await on.waitForLoadState('networkidle');
      // Against the layout width (a phone's window grows with a page wider than its screen).
      const extra = await on.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (extra > 0) wider.push(`${name} +${extra}px`);
    }
    return wider;
  }

  it('at 1024 px every list fits the window', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await widerLists(page)).toEqual([]);
  });

  it('on a phone every list fits the screen; a wide table scrolls inside its card', async () => {
    const phone = await mobileContext(session.run);
    try {
      const mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
      expect(await widerLists(mobile)).toEqual([]);
      await mobile.goto('/admin/instruments');
      const wrapper = mobile.locator('.RaDatagrid-tableWrapper').first();
      await wrapper.locator('tbody tr').first().waitFor();
      expect(
        await wrapper.evaluate((el) => ({
          scrolls: el.scrollWidth > el.clientWidth,
          overflowX: getComputedStyle(el).overflowX,
        })),
      ).toEqual({ scrolls: true, overflowX: 'auto' });
      // The app bar's buttons are on the screen.
      const bar = await mobile.getByRole('button', { name: 'English' }).boundingBox();
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(390);
      await screenshot(mobile, 'admin-instruments-mobile');
    } finally {
      await phone.close();
    }
  });

  /**
   * The figures of the balances panel that are not readable where they stand: a cell's text outside
   * the panel or the window (cut off), or over a cell of the other book's table.
   */
  const unreadableBalances = (on: Page) =>
    on.evaluate(() => {
      const root = document.querySelector('[data-testid="balances"]')!;
      const panel = root.getBoundingClientRect();
      const left = Math.max(panel.left, 0);
      const right = Math.min(panel.right, document.documentElement.clientWidth);
      const cells = Array.from(root.querySelectorAll('td, th')).map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return {
          cell,
          text: cell.textContent ?? '',
          box: range.getBoundingClientRect(),
          table: cell.closest('table'),
        };
      });
      const found: string[] = [];
      for (const a of cells) {
        if (!a.text) continue;
        if (a.box.left < left - 1 || a.box.right > right + 1)
          found.push(`"${a.text}" cut off (${Math.round(a.box.left)}..${Math.round(a.box.right)})`);
        for (const b of cells) {
          if (!b.text || b.table === a.table) continue;
          const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (x > 1 && y > 1) found.push(`"${a.text}" over "${b.text}"`);
        }
      }
      return found;
    });

  it("a withdrawal's detail shows the customer's balances whole, at 1280 and 1024 px and on a phone", async () => {
    // A balance with all its 18 decimals, as the reviewer weighs it against the withdrawal.
    const { run } = session;
    const customer = await registerUser(run.t);
    await fundReal(run.t, customer, '6974.521869219012345678');
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: customer.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, customer.email);
    await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(customer))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const requested = await run.t.http().post('/swx/customer/user/withdrawal').set(real(customer)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '40',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    const info = await run.t.http().post('/swx/customer/user/getUserInfo').set(real(customer));
    const available = (info.body.result.balances as { currency: string; available: string }[]).find(
      (b) => b.currency === 'USDT',
    )!.available;
    expect(available).toMatch(/\.\d{18}$/);
    // The API answers the same figure to the console.
    const detail = await run.t
      .http()
      .get(`/swx/admin/users/${customer.id}`)
      .set('Authorization', `Bearer ${await adminToken(run.t)}`);
    expect(JSON.stringify(detail.body.result.balances)).toContain(available);
    // The console writes it as every figure: integer digits grouped, every decimal of the API.
    const [int, frac] = available.split('.');
    const written = `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.replace(/0+$/, '')}`;
    expect(written).toMatch(/^\d{1,3}(,\d{3})+\.\d+$/);

    const url = `/admin/withdrawals/${requested.body.result.id}/show`;
    const balances = page.getByTestId('withdrawal-context').getByTestId('balances');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await balances.getByText(written, { exact: true }).waitFor();
      expect({ width, unreadable: await unreadableBalances(page) }).toEqual({ width, unreadable: [] });
      await screenshot(page, `admin-withdrawal-balances-${width}`);
    }
    const phone = await mobileContext(run);
    try {
      const mobile = await phone.newPage();
      await signInToConsole(mobile, email, password);
      await mobile.goto(url);
      await mobile.getByTestId('balances').getByText(written, { exact: true }).waitFor();
      expect({ phone: await unreadableBalances(mobile) }).toEqual({ phone: [] });
      await screenshot(mobile, 'admin-withdrawal-balances-mobile');
    } finally {
      await phone.close();
    }
    expect(session.pageErrors).toEqual([]);
  });
});
