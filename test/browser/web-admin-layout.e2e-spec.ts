/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { SECTIONS } from '../../web-admin/src/menu-sections';
import { uniqueName } from '../support/users';
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
// 2026-11-27 react-admin's layout grew with its widest table: the audit log was 1,365 px wide in CI).
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
});
