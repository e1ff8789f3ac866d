/// <reference lib="dom" />
import { Clock } from '@app/common';
import type { RegisteredUser } from '../support/users';
import { fundReal } from '../e2e/trading/trading-support';
import { cutOffOn, englishLinesOn } from './browser-support';
import {
  realHeaders,
  registerUser,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  userContext,
  type MoneyRun,
} from './web-user-support';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/* The withdrawal address book as a user works it: add (with the form's and the server's checks),
   "usable from" 24 hours later, picked in the withdrawal form, refused there while it waits (the
   reason and the time shown), then usable once the clock has moved a day; delete after a confirm. */
describe('web-user: withdrawal address book', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    await fundReal(run.t, user, '1000');
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    run.t.app.get(Clock).set(new Date());
    await run?.close();
  });

  it('adds an address with validation, shows when it becomes usable, and the withdrawal form refuses it until then', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/address-book');
    const form = page.getByTestId('address-book-form');
    await form.waitFor();
    await page.getByText('No saved address yet').waitFor();
    await page.getByTestId('address-add').click();
    await form.getByText('Please enter the address or wallet address').waitFor();
    await form.getByText('Please enter a label').waitFor();
    await form.getByLabel('Network').selectOption('TRC20');
    await form.getByLabel('Wallet address').fill('TNotAnAddress');
    await form.getByLabel('Label').fill('Cold wallet');
    await page.getByTestId('address-add').click();
    // The server's check, the same as a withdrawal's, shown under the field.
    await form.getByText('The address is not valid for this network').waitFor();
    await form.getByLabel('Wallet address').fill(TRON_ADDRESS);
    await page.getByTestId('address-add').click();
    const row = page.getByTestId('address-book').locator('tbody tr').first();
    await row.getByText('Cold wallet').waitFor();
    const api = (await run.t.http().get('/swx/customer/user/addressBook').set(realHeaders(user))).body
      .result as { id: string; usableFrom: string }[];
    expect(api).toHaveLength(1);
    const expected = new Date(api[0].usableFrom).toLocaleString('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    await row.getByTestId('usable-from').getByText(`Usable from ${expected}`).waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'address-book-desktop', true);

    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    const pick = page.getByTestId('address-book-pick');
    // The option is the label and the address's ends; the field takes the whole address, and the
    // entry still waiting says under the select when it is usable.
    await pick.selectOption({ label: 'Cold wallet · TLa2f6…YjU7' });
    expect(await page.getByLabel('Wallet address').inputValue()).toBe(TRON_ADDRESS);
    await page.getByTestId('usable-from').getByText(`Usable from ${expected}`).waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByLabel('Withdrawal password').fill('withdraw-secret');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-action').click();
    await page
      .getByTestId('confirm-error')
      .getByText(
        `This address was added to your address book less than 24 hours ago; it can be used from ${expected}.`,
      )
      .waitFor();
    await shot(page, 'withdraw-address-cooling');
    const rows = await run.t.db.query('SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows[0].n).toBe(0);

    // A day later the same address is usable.
    run.t.app.get(Clock).advance(24 * 3600 * 1000);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Withdrawal added and under review').first().waitFor();
  });

  it('deletes an address after a confirmation; the screen works on a phone and in Arabic', async () => {
    const mobile = await userContext(run, user, { real: true, mobile: true });
    const phone = await mobile.newPage();
    await phone.goto('/profile/address-book');
    await phone.getByTestId('address-book').waitFor();
    expect(await cutOffOn(phone)).toEqual([]);
    await shot(phone, 'address-book-mobile', true);
    await mobile.close();

    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/address-book');
    const row = page.getByTestId('address-book').locator('tbody tr').first();
    await row.getByText('Cold wallet').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('"Cold wallet" will be removed from your address book').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No saved address yet').waitFor();
    const api = (await run.t.http().get('/swx/customer/user/addressBook').set(realHeaders(user))).body.result;
    expect(api).toEqual([]);
    await context.close();

    const arabic = await userContext(run, user, { real: true, lang: 'ar' });
    const ar = await arabic.newPage();
    await ar.goto('/profile/address-book');
    await ar.getByTestId('address-book-form').waitFor();
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await ar.waitForLoadState('networkidle');
    expect(await englishLinesOn(ar)).toEqual([]);
    await shot(ar, 'address-book-desktop-ar', true);
    await arabic.close();
  });
});
