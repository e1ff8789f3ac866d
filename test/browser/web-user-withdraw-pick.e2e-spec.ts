/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { Clock } from '@app/common';
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
const COLD = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FRESH = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** The longest label the address book takes (40 characters). */
const LONG_LABEL = 'Hardware wallet in the office safe, blue';

/** The chosen option of the address-book select and whether it is wider than the room beside the arrow. */
const pickedText = (page: Page) =>
  page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="address-book-pick"]')!;
    const style = getComputedStyle(select);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = style.font;
    const text = select.selectedOptions[0]?.text ?? '';
    // The arrow of chromium's select takes about 20 px at the end.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    const width = canvas.measureText(text).width;
    return { text, cut: width > room ? `${Math.round(width)} > ${Math.round(room)}` : null };
  });

/* A saved address picked from the address book in the withdrawal form: the select shows its label
   and the address shortened (start…end), whole on a phone in every language and on a desktop, while
   the address field below takes the whole address. One entry is usable, one still in its wait. */
describe('web-user: a picked saved address fits its select', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let entries: { id: string; address: string; label: string }[];

  const addAddress = async (address: string, label: string) => {
    const res = await run.t
      .http()
      .post('/swx/customer/user/addressBook')
      .set(realHeaders(user))
      .send({ coin: 'USDT', network: 'TRC20', address, label });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  };

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    await addAddress(COLD, 'Cold wallet');
    run.t.app.get(Clock).advance(24 * 3600 * 1000 + 60_000);
    await addAddress(FRESH, LONG_LABEL);
    entries = (await run.t.http().get('/swx/customer/user/addressBook').set(realHeaders(user))).body.result;
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    run.t.app.get(Clock).set(new Date());
    await run?.close();
  });

  /**
   * Picks each saved address in turn: the picked texts that are cut, and those that do not show the
   * label's start and both ends of the address or whose address field does not hold all of it.
   */
  const pickEach = async (page: Page, name: string, screenshots?: string) => {
    const cut: string[] = [];
    const wrong: string[] = [];
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.locator('select').nth(1).selectOption('TRC20');
    const pick = page.getByTestId('address-book-pick');
    await pick.waitFor();
    for (const entry of entries) {
      await pick.selectOption(entry.id);
      const { text, cut: over } = await pickedText(page);
      if (over) cut.push(`${name} "${text}" ${over}`);
      const field = await page.locator('input[dir="ltr"][autocomplete="off"]').first().inputValue();
      if (
        !text.includes(`${entry.address.slice(0, 6)}…${entry.address.slice(-4)}`) ||
        !text.includes(entry.label.slice(0, 10)) ||
        field !== entry.address
      )
        wrong.push(`${name} "${text}" field "${field}"`);
      if (screenshots) {
        await pick.scrollIntoViewIfNeeded();
        await shot(page, `${screenshots}-${entries.indexOf(entry) + 1}`);
      }
    }
    return { cut, wrong };
  };

  it('on a phone, in every language', async () => {
    const cut: string[] = [];
    const wrong: string[] = [];
    for (const lang of LANGUAGES) {
      const context = await userContext(run, user, { real: true, mobile: true, lang });
      const page = await context.newPage();
      const found = await pickEach(
        page,
        lang,
        lang === 'en' || lang === 'ar' ? `withdraw-pick-${lang}-phone` : undefined,
      );
      cut.push(...found.cut);
      wrong.push(...found.wrong);
      await context.close();
    }
    expect(cut).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('on a desktop, in English and Arabic', async () => {
    const cut: string[] = [];
    const wrong: string[] = [];
    for (const lang of ['en', 'ar']) {
      const context = await userContext(run, user, { real: true, lang });
      const page = await context.newPage();
      const found = await pickEach(page, lang, `withdraw-pick-${lang}-desktop`);
      cut.push(...found.cut);
      wrong.push(...found.wrong);
      await context.close();
    }
    expect(cut).toEqual([]);
    expect(wrong).toEqual([]);
  });
});
