import { generate } from 'otplib';
import { Clock, hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/*
 * The lock after too many consecutive failed logins (LOGIN_MAX_CONSECUTIVE_FAILURES, 3 here) is
 * something anyone who knows an e-mail can set off: a reset of the password by a super-admin and
 * the holder's own password change end it, and a holder with a second factor gets through with the
 * right password and a code.
 */
describe('accounts: the consecutive-failure lock cannot shut an account out for good', () => {
  let t: TestApp;
  let clock: Clock;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_CONSECUTIVE_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' });
    clock = t.app.get(Clock);
    superToken = (await adminLogin('admin@example.com', 'admin-password-for-tests')).body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  /** A TOTP code works once per 30 s step: the next use takes the next step. */
  const nextStep = () => clock.advance(30_000);
  function adminLogin(email: string, password: string) {
    return t.http().post('/swx/admin/login').set('lang', 'en').send({ email, password });
  }
  const customerLogin = (account: string, password: string) =>
    t.http().post('/swx/customer/login/login').set('lang', 'en').send({ account, password });

  async function newAdmin() {
    const email = `${uniqueName('lock')}@example.com`;
    const password = 'the admin password 1';
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{reviewer}') RETURNING id`,
      [email, await hashSecret(password)],
    );
    const token = (await adminLogin(email, password)).body.result.token as string;
    return { id: rows[0].id, email, password, token };
  }

  /** Someone who knows only the e-mail locks the admin: the right password then gets 429. */
  async function lockAdmin(email: string, password: string) {
    for (let i = 0; i < 3; i++) expect((await adminLogin(email, `wrong guess ${i}`)).body.code).toBe(10004);
    expect((await adminLogin(email, password)).body).toMatchObject({
      code: 429,
      message: expect.stringMatching(/locked/i),
    });
  }

  it("a super-admin's reset of the admin's password ends the lock", async () => {
    const admin = await newAdmin();
    await lockAdmin(admin.email, admin.password);
    const reset = await t
      .http()
      .post(`/swx/admin/admins/${admin.id}/resetPassword`)
      .set(bearer(superToken))
      .send({ reason: 'locked out by failed logins', password: 'a reset admin password' });
    expect(reset.body.code).toBe(200);
    expect((await adminLogin(admin.email, 'a reset admin password')).body.code).toBe(200);
  });

  it("an admin's own password change ends the lock on their login", async () => {
    const admin = await newAdmin();
    await lockAdmin(admin.email, admin.password);
    const changed = await t
      .http()
      .post('/swx/admin/password')
      .set(bearer(admin.token))
      .send({ oldPassword: admin.password, newPassword: 'a changed admin password' });
    expect(changed.body.code).toBe(200);
    expect((await adminLogin(admin.email, 'a changed admin password')).body.code).toBe(200);
  });

  it('an admin with TOTP on gets through a lock with the right password and a code; wrong passwords still fail', async () => {
    const admin = await newAdmin();
    const secret = (await t.http().post('/swx/admin/2fa/setup').set(bearer(admin.token))).body.result
      .secret as string;
    const enabled = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: await totp(secret) });
    expect(enabled.body.code).toBe(200);
    nextStep();
    for (let i = 0; i < 4; i++)
      expect((await adminLogin(admin.email, `wrong guess ${i}`)).body.code).toBe(10004);
    const first = await adminLogin(admin.email, admin.password);
    expect(first.body.result).toMatchObject({ twoFactorRequired: true });
    const done = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: first.body.result.challenge, code: await totp(secret) });
    expect(done.body.code).toBe(200);
    expect(done.body.result.token).toEqual(expect.any(String));
  });

  it('a customer with 2FA on gets through a lock with the right password and a code; without 2FA the lock holds', async () => {
    const user = await registerUser(t);
    const secret = (await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user.token))).body.result
      .secret as string;
    const enabled = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(bearer(user.token))
      .send({ code: await totp(secret) });
    expect(enabled.body.code).toBe(200);
    nextStep();
    for (let i = 0; i < 3; i++)
      expect((await customerLogin(user.email, `wrong guess ${i}`)).body.code).toBe(10004);
    const first = await customerLogin(user.username, user.password);
    expect(first.body.result).toMatchObject({ twoFactorRequired: true });
    const done = await t
      .http()
      .post('/swx/customer/login/login2fa')
      .send({ challenge: first.body.result.challenge, code: await totp(secret) });
    expect(done.body.code).toBe(200);

    const plain = await registerUser(t);
    for (let i = 0; i < 3; i++) await customerLogin(plain.email, `wrong guess ${i}`);
    expect((await customerLogin(plain.username, plain.password)).body).toMatchObject({
      code: 429,
      message: expect.stringMatching(/locked/i),
    });
  });

  it("a customer's own password change ends the lock", async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 3; i++) await customerLogin(user.email, `wrong guess ${i}`);
    expect((await customerLogin(user.username, user.password)).body.code).toBe(429);
    const changed = await t
      .http()
      .post('/swx/customer/user/repassword')
      .set(bearer(user.token))
      .send({ oldPassword: user.password, newPassword: 'a changed password 1' });
    expect(changed.body.code).toBe(20005);
    expect((await customerLogin(user.username, 'a changed password 1')).body.code).toBe(200);
  });
});
