/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { Clock } from '@app/common';
import type { RegisteredUser } from '../support/users';
import { fundReal } from '../e2e/trading/trading-support';
import { cutOffOn, englishLinesOn } from './browser-support';
import {
  type MoneyRun,
  realHeaders,
  registerUser,
  serverTotp,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  userContext,
} from './web-user-support';

const COLD = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FRESH = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PASSWORD = 'withdraw-secret';

/** A full-page screenshot scrolled to the top (the sticky bar is drawn where the window was). */
const topShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name, true);
};
const local = (iso: string) =>
  new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/* The withdrawal whitelist as a user works it: turned on from the address book (the withdrawal
   password asked for, a wrong one refused on its field), the withdrawal form then offering only the
   saved addresses (one still waiting shown but not choosable, a network with none saying so), the
   server's refusal of another address shown on the address field, and turning it off telling the
   24-hour withdrawal hold; on a phone and in Arabic too. */
describe('web-user: withdrawal whitelist', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  const entries: Record<string, { id: string; usableFrom: string }> = {};

  const addAddress = async (u: RegisteredUser, address: string, label: string) => {
    const res = await run.t
      .http()
      .post('/swx/customer/user/addressBook')
      .set(realHeaders(u))
      .send({ coin: 'USDT', network: 'TRC20', address, label });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.result as { id: string; usableFrom: string };
  };
  const whitelistOf = async (u: RegisteredUser) =>
    (await run.t.http().get('/swx/customer/user/addressBook/whitelist').set(realHeaders(u))).body.result as {
      enabled: boolean;
      enabledAt: string | null;
    };

  beforeAll(async () => {
    run = await startMoneyRun();
    user = await registerUser(run.t);
    await setWithdrawPassword(run.t, user, PASSWORD);
    await fundReal(run.t, user, '1000');
    // One address past its 24-hour wait, one added since and still waiting. (Setting the
    // withdrawal password is no security change that holds withdrawals; the day also covers it.)
    entries.cold = await addAddress(user, COLD, 'Cold wallet');
    run.t.app.get(Clock).advance(24 * 3600 * 1000 + 60_000);
    entries.fresh = await addAddress(user, FRESH, 'New wallet');
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    run.t.app.get(Clock).set(new Date());
    await run?.close();
  });

  it('turns the whitelist on after the withdrawal password; the withdrawal form then offers only the usable saved addresses', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/address-book');
    const card = page.getByTestId('whitelist-card');
    await card.getByTestId('whitelist-state').getByText('Off', { exact: true }).waitFor();
    await card
      .getByText(
        'When on, crypto withdrawals go only to addresses saved here that have passed their 24-hour wait. Turning it off stops all withdrawals for 24 hours.',
      )
      .waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'whitelist-off-desktop', true);

    await card.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on the withdrawal whitelist?' });
    await dialog
      .getByText('From now on, crypto withdrawals can only go to addresses in your address book')
      .waitFor();
    // Nothing typed: the form's own message; a wrong password: the server's, on the field.
    await dialog.getByTestId('confirm-action').click();
    await dialog.getByText('Please enter the withdrawal password').waitFor();
    await dialog.getByLabel('Withdrawal password').fill('not-the-password');
    await dialog.getByTestId('confirm-action').click();
    await dialog.getByText('The withdrawal password is wrong').waitFor();
    expect((await whitelistOf(user)).enabled).toBe(false);
    await shot(page, 'whitelist-wrong-password');

    await dialog.getByLabel('Withdrawal password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByTestId('toast')
      .getByText('Withdrawal whitelist turned on: crypto withdrawals now go only to your saved addresses')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const state = await whitelistOf(user);
    expect(state.enabled).toBe(true);
    await card.getByTestId('whitelist-state').getByText('On', { exact: true }).waitFor();
    await card.getByText(`On since ${local(state.enabledAt!)}`).waitFor();
    await card.getByRole('button', { name: 'Turn off' }).waitFor();
    await shot(page, 'whitelist-on-desktop', true);

    // The withdrawal form: the address is chosen among the saved ones, not typed.
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.getByLabel('Network').selectOption('ERC20');
    const choice = page.getByTestId('whitelist-addresses');
    await choice.getByText('Your withdrawal whitelist is on: choose one of your saved addresses.').waitFor();
    await choice.getByText('None of your saved USDT addresses on ERC20 can be used yet.').waitFor();
    await choice.getByRole('link', { name: 'Add an address in the address book' }).waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    await choice
      .getByTestId(`whitelist-address-${entries.cold.id}`)
      .getByText('Usable', { exact: true })
      .waitFor();
    const waiting = choice.getByTestId(`whitelist-address-${entries.fresh.id}`);
    await waiting.getByText(`Usable from ${local(entries.fresh.usableFrom)}`).waitFor();
    expect(await waiting.getByRole('radio').isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).count()).toBe(0);
    expect(await page.getByTestId('address-book-pick').count()).toBe(0);

    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByLabel('Withdrawal password').fill(PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await choice.getByText('Please choose one of your saved addresses').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await topShot(page, 'whitelist-withdraw-desktop');
    await choice.getByText('Cold wallet').click();
    expect(await choice.getByRole('radio', { name: /Cold wallet/ }).isChecked()).toBe(true);
    await page.getByTestId('withdraw-submit').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
    await confirm.getByText(`TRC20 ${COLD} (Cold wallet)`).waitFor();
    await confirm.getByTestId('confirm-action').click();
    await page.getByText('Withdrawal added and under review').first().waitFor();
    const rows = await run.t.db.query('SELECT address FROM funds.withdrawals WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ address: COLD }]);
  });

  it('shows the server refusal of an address outside the book on the address field (the whitelist turned on elsewhere)', async () => {
    const other = await registerUser(run.t);
    await setWithdrawPassword(run.t, other, PASSWORD);
    await fundReal(run.t, other, '500');
    const context = await userContext(run, other, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    // The whitelist is off: the free address field.
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(COLD);
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByLabel('Withdrawal password').fill(PASSWORD);
    // Meanwhile, on another device.
    const on = await run.t
      .http()
      .post('/swx/customer/user/addressBook/whitelist')
      .set(realHeaders(other))
      .send({ enabled: true, withdrawPassword: PASSWORD });
    expect(on.body.code).toBe(200);

    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-action').click();
    const choice = page.getByTestId('whitelist-addresses');
    await choice
      .getByTestId('address-error')
      .getByText(
        'Your withdrawal whitelist is on: crypto withdrawals go only to addresses saved in your address book',
      )
      .waitFor();
    await choice.getByText('None of your saved USDT addresses on TRC20 can be used yet.').waitFor();
    await topShot(page, 'whitelist-refused-desktop');
    const rows = await run.t.db.query('SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1', [
      other.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('works on a phone and in Arabic, and turning it off tells the 24-hour withdrawal hold', async () => {
    const mobile = await userContext(run, user, { real: true, mobile: true });
    const phone = await mobile.newPage();
    await phone.goto('/profile/address-book');
    await phone.getByTestId('whitelist-state').getByText('On', { exact: true }).waitFor();
    await phone.getByTestId('address-book').waitFor();
    expect(await cutOffOn(phone)).toEqual([]);
    await shot(phone, 'whitelist-on-mobile', true);
    await phone.goto('/profile/withdraw');
    await phone.getByTestId('withdraw-submit').waitFor();
    await phone.getByLabel('Network').selectOption('TRC20');
    await phone.getByTestId(`whitelist-address-${entries.cold.id}`).getByText('Cold wallet').click();
    expect(await cutOffOn(phone)).toEqual([]);
    await topShot(phone, 'whitelist-withdraw-mobile');
    await phone.goto('/profile/address-book');
    await phone.getByTestId('whitelist-toggle').click();
    await phone.getByRole('dialog').getByLabel('Withdrawal password').waitFor();
    await shot(phone, 'whitelist-off-dialog-mobile');
    await mobile.close();

    const arabic = await userContext(run, user, { real: true, lang: 'ar' });
    const ar = await arabic.newPage();
    await ar.goto('/profile/address-book');
    await ar.getByTestId('whitelist-state').getByText('مفعّلة', { exact: true }).waitFor();
    await ar.getByTestId('address-book').waitFor();
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await ar.waitForLoadState('networkidle');
    expect(await englishLinesOn(ar)).toEqual([]);
    expect(await cutOffOn(ar)).toEqual([]);
    await shot(ar, 'whitelist-on-desktop-ar', true);
    await ar.getByTestId('whitelist-toggle').click();
    await ar.getByRole('dialog', { name: 'تعطيل القائمة البيضاء للسحب؟' }).waitFor();
    expect(await englishLinesOn(ar)).toEqual([]);
    await shot(ar, 'whitelist-off-dialog-ar');
    await arabic.close();

    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/address-book');
    const card = page.getByTestId('whitelist-card');
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off the withdrawal whitelist?' });
    await dialog
      .getByText('Crypto withdrawals may then go to any address, but all withdrawals are held for 24 hours')
      .waitFor();
    await dialog.getByLabel('Withdrawal password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('whitelist-state').getByText('Off', { exact: true }).waitFor();
    expect((await whitelistOf(user)).enabled).toBe(false);
    // The hold runs from the change, by the server's clock (a day ahead here).
    const hold = await card.getByTestId('whitelist-hold').innerText();
    const until = /held until (.+)\.$/.exec(hold)?.[1];
    expect(until).toBeTruthy();
    const expected = run.t.app.get(Clock).now().getTime() + 24 * 3600 * 1000;
    const around = [-60_000, 0, 60_000].map((d) => local(new Date(expected + d).toISOString()));
    expect(around).toContain(until);
    await page
      .getByTestId('toast')
      .getByText(`Withdrawal whitelist turned off: withdrawals are held until ${until}`)
      .waitFor();
    await shot(page, 'whitelist-turned-off-desktop', true);
    // The card still tells the hold after a reload (the server's state carries it).
    await page.reload();
    await page
      .getByTestId('whitelist-card')
      .getByTestId('whitelist-hold')
      .getByText(`held until ${until}.`, { exact: false })
      .waitFor();

    // The withdrawal form has the free address field again, and a withdrawal waits for the hold.
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    expect(await page.getByTestId('whitelist-addresses').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(FRESH);
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByLabel('Withdrawal password').fill(PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-action').click();
    await page
      .getByTestId('confirm-error')
      .getByText(`a newly linked login); possible again from ${until}.`, { exact: false })
      .waitFor();
  });

  it('asks for the authenticator code while 2FA is on (a wrong one refused on its field)', async () => {
    const other = await registerUser(run.t);
    await setWithdrawPassword(run.t, other, PASSWORD);
    // Codes of the server's time (a day ahead here).
    const totp = (secret: string) => serverTotp(run.t, secret);
    const secret = (await run.t.http().post('/swx/customer/user/2fa/setup').set(realHeaders(other))).body
      .result.secret as string;
    const enabled = await run.t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(realHeaders(other))
      .send({ code: await totp(secret) });
    expect(enabled.body.code).toBe(200);

    const context = await userContext(run, other, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/address-book');
    await page.getByTestId('whitelist-card').getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on the withdrawal whitelist?' });
    await dialog.getByLabel('Two-factor code').waitFor();
    await dialog.getByLabel('Withdrawal password').fill(PASSWORD);
    await dialog.getByTestId('confirm-action').click();
    await dialog.getByText('Please enter the code from your authenticator app').waitFor();
    // A code is good once: the next one (the enabling above spent this period's).
    run.t.app.get(Clock).advance(30_000);
    const code = await totp(secret);
    await dialog.getByLabel('Two-factor code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByTestId('confirm-action').click();
    await dialog.getByText('The verification code is wrong').waitFor();
    expect((await whitelistOf(other)).enabled).toBe(false);
    await shot(page, 'whitelist-totp-wrong');
    await dialog.getByLabel('Two-factor code').fill(code);
    await dialog.getByTestId('confirm-action').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('whitelist-state').getByText('On', { exact: true }).waitFor();
    expect((await whitelistOf(other)).enabled).toBe(true);

    // The withdraw form's code field is the same one: digits only, left to right.
    // 2FA is on: the field is there at once, without the "I use two-factor authentication" step.
    await page.goto('/profile/withdraw');
    const code2 = page.getByLabel('Two-factor code');
    await code2.waitFor();
    expect(await page.getByRole('button', { name: 'I use two-factor authentication' }).count()).toBe(0);
    await code2.fill('1a2b34');
    expect(await code2.inputValue()).toBe('1234');
    expect(await code2.getAttribute('dir')).toBe('ltr');
    expect(await code2.getAttribute('maxlength')).toBe('6');
  });
});
