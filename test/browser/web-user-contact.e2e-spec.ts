/// <reference lib="dom" />
import { generate } from 'otplib';
import type { RegisteredUser } from '../support/users';
import { fundReal } from '../e2e/trading/trading-support';
import { cutOffOn, englishLinesOn, waitForCode } from './browser-support';
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

/* Changing the e-mail (or phone) as a user does it: from the security page, a code sent to the NEW
   address (read from the outbox), the current password, the 24-hour withdrawal hold told before the
   confirmation; the new e-mail is then the account's and a withdrawal is refused with 10111. The
   authenticator field shows only while 2FA is on; the screen works on a phone and in Arabic. */
describe('web-user: change e-mail or phone', () => {
  let run: MoneyRun;

  beforeAll(async () => {
    run = await startMoneyRun();
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  const userInfo = async (user: RegisteredUser) =>
    (await run.t.http().post('/swx/customer/user/getUserInfo').set(realHeaders(user)).send({})).body;

  it('changes the e-mail with a code sent to the new address and the password; withdrawals are then held', async () => {
    const user = await registerUser(run.t);
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    await fundReal(run.t, user, '100');
    const newEmail = `new-${user.username}@example.com`;

    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/security');
    await page.getByTestId('contact-card').getByText('E-mail and phone').waitFor();
    await shot(page, 'contact-security-link-desktop');
    await page.getByTestId('open-contact-change').click();
    await page.waitForURL('**/profile/contact');
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    await page.getByTestId('current-email').getByText(user.email).waitFor();
    // No 2FA on this account: no authenticator field; the hold is told before anything is sent.
    expect(await form.getByLabel('Authenticator code').count()).toBe(0);
    await form
      .getByText('For your security, withdrawals are held for 24 hours after the e-mail or phone is changed.')
      .waitFor();

    // The form's own checks.
    await page.getByTestId('contact-submit').click();
    await form.getByText('Please enter your e-mail').waitFor();
    await form.getByText('Please send a verification code first').waitFor();
    await form.getByText('Please enter your password').waitFor();
    await form.getByLabel('New e-mail').fill(user.email);
    await page.getByTestId('send-code').click();
    await form.getByText('This is already your current one').waitFor();

    // The phone tab asks for the area code as the registration does.
    await page.getByTestId('contact-by-phone').click();
    await form.getByLabel('Area code').waitFor();
    await form.getByLabel('New phone number').waitFor();
    await page.getByTestId('contact-by-email').click();

    await form.getByLabel('New e-mail').fill(newEmail);
    await page.getByTestId('send-code').click();
    await page
      .getByTestId('send-code')
      .getByText(/Resend in \d+ s/)
      .waitFor();
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    const code = await waitForCode(run.t, newEmail);
    await form.getByLabel('Verification code').fill(code);
    await form.getByLabel('Current login password').fill('not my password');
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'contact-change-desktop', true);

    await page.getByTestId('contact-submit').click();
    const hold = page.getByTestId('contact-confirm-hold');
    await hold.getByText(/^Withdrawals will be held for 24 hours after this change, until about /).waitFor();
    await page.getByTestId('contact-confirm-current').getByText(user.email).waitFor();
    await page.getByTestId('contact-confirm-new').getByText(newEmail).waitFor();
    await shot(page, 'contact-change-confirm-desktop');
    await page.getByTestId('confirm-action').click();
    // The server's refusal, in the user's language; nothing changed.
    await page.getByTestId('contact-error').getByText('The password is wrong').waitFor();
    expect((await userInfo(user)).result.email).toBe(user.email);

    await form.getByLabel('Current login password').fill(user.password);
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Your e-mail has been changed').first().waitFor();
    await page.getByTestId('current-email').getByText(newEmail).waitFor();
    await page
      .getByTestId('contact-changed')
      .getByText(/^Changed\. Withdrawals are held until about /)
      .waitFor();
    // A fresh form: the new address and the code are gone, a code can be sent again.
    expect(await form.getByLabel('New e-mail').inputValue()).toBe('');
    await page.getByTestId('send-code').getByText('Send code').waitFor();
    await shot(page, 'contact-change-done-desktop');

    // The API agrees, and the change holds withdrawals (nothing is held or recorded).
    expect((await userInfo(user)).result).toMatchObject({ email: newEmail });
    const refused = await run.t.http().post('/swx/customer/user/withdrawal').set(realHeaders(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '20',
      withdrawPassword: 'withdraw-secret',
    });
    expect(refused.body.code).toBe(10111);
    const rows = await run.t.db.query('SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('asks for the authenticator code while 2FA is on; works on a phone and in Arabic', async () => {
    const user = await registerUser(run.t);
    const secret = (await run.t.http().post('/swx/customer/user/2fa/setup').set(realHeaders(user))).body
      .result.secret as string;
    const enabled = await run.t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(realHeaders(user))
      .send({ code: await generate({ secret }) });
    expect(enabled.body.code).toBe(200);

    const mobile = await userContext(run, user, { real: true, mobile: true });
    const phone = await mobile.newPage();
    await phone.goto('/profile/contact');
    const form = phone.getByTestId('contact-form');
    await form.waitFor();
    await form.getByLabel('Authenticator code').waitFor();
    await phone.getByTestId('contact-by-phone').click();
    await form.getByLabel('New phone number').fill('2025550123');
    await phone.getByTestId('contact-submit').click();
    await form.getByText('Please enter the code from your authenticator app').waitFor();
    expect(await cutOffOn(phone)).toEqual([]);
    await shot(phone, 'contact-change-mobile', true);
    await mobile.close();

    const arabic = await userContext(run, user, { real: true, lang: 'ar' });
    const ar = await arabic.newPage();
    await ar.goto('/profile/contact');
    await ar.getByTestId('contact-form').waitFor();
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await ar.getByTestId('contact-form').getByLabel('رمز تطبيق المصادقة').waitFor();
    await ar.waitForLoadState('networkidle');
    expect(await englishLinesOn(ar)).toEqual([]);
    expect(await cutOffOn(ar)).toEqual([]);
    await shot(ar, 'contact-change-desktop-ar', true);
    await arabic.close();
  });
});
