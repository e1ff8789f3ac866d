/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import {
  realHeaders,
  registerUser,
  shot,
  startMoneyRun,
  userContext,
  type MoneyRun,
} from './web-user-support';

const LANGUAGES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'];
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** How far the first thing in the page's first form card sits below the card's padding, in px. */
const bandAboveForm = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('section.card:has(> form)')!;
    const style = getComputedStyle(card);
    const inner =
      card.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    // The first thing with a box of its own: a group laid out as the form's children (the withdraw
    // form's fieldset, display: contents) has none, its own first child stands in its place.
    let first = card.querySelector('form')!.firstElementChild!;
    while (getComputedStyle(first).display === 'contents' && first.firstElementChild)
      first = first.firstElementChild;
    return Math.round(first.getBoundingClientRect().top - inner);
  });

/**
 * The texts the withdraw form shows cut: a select whose chosen option is wider than the room left
 * beside its arrow (a select cannot wrap), and an element whose text runs past its box or the card.
 */
const cutInWithdrawForm = (page: Page) =>
  page.evaluate(() => {
    const form = document.querySelector<HTMLElement>('[data-testid="withdraw-page"] form')!;
    const bounds = form.getBoundingClientRect();
    const canvas = document.createElement('canvas').getContext('2d')!;
    const found: string[] = [];
    for (const select of Array.from(form.querySelectorAll('select'))) {
      const style = getComputedStyle(select);
      canvas.font = style.font;
      const text = select.selectedOptions[0]?.text ?? '';
      // The arrow of chromium's select takes about 20 px at the end.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const width = canvas.measureText(text).width;
      if (width > room) found.push(`select "${text}" ${Math.round(width)} > ${Math.round(room)}`);
    }
    for (const el of Array.from(form.querySelectorAll<HTMLElement>('p, a, label, span, button'))) {
      if (el.offsetParent === null || !el.innerText.trim()) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (
        (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) ||
        box.left < bounds.left - 1 ||
        box.right > bounds.right + 1
      )
        found.push(`${el.tagName.toLowerCase()} "${el.innerText.slice(0, 40)}"`);
    }
    return found;
  });

// A visual survey of the withdraw page found an empty band at the top of its form card (the form's
// top margin, meant to set it apart from a heading, where the card has none), and on an iPhone in
// Japanese the address-book select cut its placeholder ("このネットワークの保存済みアドレスはあ").
describe('web-user: the withdraw form fits its card, on a phone in every language', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    // A saved TRC20 address: on TRC20 the form offers it, on ERC20 there is none.
    const saved = await run.t
      .http()
      .post('/swx/customer/user/addressBook')
      .set(realHeaders(user))
      .send({ coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Cold wallet' });
    expect(saved.body.code).toBe(200);
  });
  afterAll(async () => run?.close());

  it('the withdraw and exchange form cards have no empty band at their top, wide and on a phone', async () => {
    const bands: Record<string, number> = {};
    for (const mobile of [false, true]) {
      const context = await userContext(run, user, { real: true, mobile });
      const page = await context.newPage();
      for (const path of ['/profile/withdraw', '/profile/exchange']) {
        await page.goto(path);
        await page.locator('section.card > form').first().waitFor();
        await page.waitForLoadState('networkidle');
        bands[`${path} ${mobile ? 'phone' : 'desktop'}`] = await bandAboveForm(page);
      }
      await page.goto('/profile/withdraw');
      await page.getByTestId('withdraw-submit').waitFor();
      await page.locator('section.card > form').first().scrollIntoViewIfNeeded();
      await shot(page, `withdraw-form-top-${mobile ? 'phone' : 'desktop'}`);
      await context.close();
    }
    expect(bands).toEqual({
      '/profile/withdraw desktop': 0,
      '/profile/withdraw phone': 0,
      '/profile/exchange desktop': 0,
      '/profile/exchange phone': 0,
    });
  });

  it('on an iPhone the address-book choice is whole in every language, with and without a saved address', async () => {
    const cut: string[] = [];
    for (const lang of LANGUAGES) {
      const context = await userContext(run, user, { real: true, mobile: true, lang });
      const page = await context.newPage();
      await page.goto('/profile/withdraw');
      await page.getByTestId('withdraw-submit').waitFor();
      await page.waitForLoadState('networkidle');
      // The first network, ERC20: nothing saved for it.
      await page.getByTestId('manage-address-book').waitFor();
      for (const found of await cutInWithdrawForm(page)) cut.push(`${lang} none saved: ${found}`);
      if (lang === 'ja') {
        await page.getByTestId('manage-address-book').scrollIntoViewIfNeeded();
        await shot(page, 'withdraw-address-book-ja-phone');
      }
      // TRC20: the saved address to pick, the select's first line inviting to type one instead.
      await page.locator('select').nth(1).selectOption('TRC20');
      await page.getByTestId('address-book-pick').waitFor();
      for (const found of await cutInWithdrawForm(page)) cut.push(`${lang} one saved: ${found}`);
      if (lang === 'ja' || lang === 'de') {
        await page.getByTestId('address-book-pick').scrollIntoViewIfNeeded();
        await shot(page, `withdraw-address-book-saved-${lang}-phone`);
      }
      await context.close();
    }
    expect(cut).toEqual([]);
  });
});
