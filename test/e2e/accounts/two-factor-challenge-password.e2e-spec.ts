import type Redis from 'ioredis';
import { generate } from 'otplib';
import { Clock, hashSecret } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/*
 * A login that passed the password and waits for the second factor was opened on the strength of
 * that password: once the password is reset or changed, the pending challenge cannot complete,
 * even with a right code. Whoever knew the old password (the reason for a reset, often) keeps
 * nothing. Customers and admins alike.
 */
describe('a pending 2FA login challenge ends with the password', () => {
  let t: TestApp;
  let clock: Clock;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
    superToken = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The authenticator app: the code of the current step of the (test-movable) clock. */
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  /** A code is accepted once per 30 s step: move on to the next step between uses. */
  const nextStep = () => clock.advance(30_000);

  describe('customers', () => {
    const login = (account: string, password: string) =>
      t.http().post('/swx/customer/login/login').send({ account, password });
    const login2fa = (body: object) => t.http().post('/swx/customer/login/login2fa').send(body);

    async function enrolled(): Promise<{ user: RegisteredUser; secret: string; recoveryCodes: string[] }> {
      const user = await registerUser(t);
      const setup = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user.token));
      const secret = setup.body.result.secret as string;
      const enable = await t
        .http()
        .post('/swx/customer/user/2fa/enable')
        .set(bearer(user.token))
        .send({ code: await totp(secret) });
      expect(enable.body.code).toBe(200);
      nextStep();
      return { user, secret, recoveryCodes: enable.body.result.recoveryCodes as string[] };
    }

    async function challengeOf(account: string, password: string): Promise<string> {
      const first = await login(account, password);
      expect(first.body.result).toMatchObject({ twoFactorRequired: true });
      return first.body.result.challenge as string;
    }

    async function resetPassword(user: RegisteredUser, password: string) {
      await t
        .http()
        .post('/swx/customer/login/sendCode')
        .send({ type: 'email', account: user.email, scene: 'reset' });
      const res = await t
        .http()
        .post('/swx/customer/login/resetPassword')
        .send({ type: 'email', account: user.email, code: await lastCode(t, user.email), password });
      expect(res.body.code).toBe(20005);
    }

    it('a reset with a code: the old challenge is refused with a right code, sessions end, the new password logs in', async () => {
      const { user, secret } = await enrolled();
      const stale = await challengeOf(user.username, user.password);
      // A session from before the reset (the one of registration) ends with it.
      expect((await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user.token))).body.code).toBe(
        200,
      );

      await resetPassword(user, 'a brand new password');

      expect((await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user.token))).body.code).toBe(
        401,
      );
      const refused = await login2fa({ challenge: stale, code: await totp(secret) });
      expect(refused.body).toMatchObject({
        code: 400,
        result: [
          {
            field: 'challenge',
            message: 'This login step has expired or was already used, please log in again',
          },
        ],
      });
      // It is gone for good, and no wrong guess was counted against the holder.
      expect((await login2fa({ challenge: stale, code: await totp(secret) })).body).toMatchObject({
        code: 400,
        result: [{ field: 'challenge' }],
      });
      expect(await t.app.get<Redis>(REDIS_CLIENT).get(`login-fail:customer-2fa:acct:${user.id}`)).toBeNull();

      const fresh = await challengeOf(user.username, 'a brand new password');
      const ok = await login2fa({ challenge: fresh, code: await totp(secret) });
      expect(ok.body).toMatchObject({
        code: 200,
        result: { token: expect.any(String), user: { id: user.id } },
      });
    });

    it('a password change by the holder: the old challenge is refused, with a code or a recovery code', async () => {
      const { user, secret, recoveryCodes } = await enrolled();
      const staleForCode = await challengeOf(user.email, user.password);
      const staleForRecovery = await challengeOf(user.username, user.password);

      const changed = await t
        .http()
        .post('/swx/customer/user/repassword')
        .set(bearer(user.token))
        .send({ oldPassword: user.password, newPassword: 'a changed password 1' });
      expect(changed.body.code).toBe(20005);

      expect((await login2fa({ challenge: staleForCode, code: await totp(secret) })).body).toMatchObject({
        code: 400,
        result: [{ field: 'challenge' }],
      });
      expect(
        (await login2fa({ challenge: staleForRecovery, recoveryCode: recoveryCodes[0] })).body,
      ).toMatchObject({ code: 400, result: [{ field: 'challenge' }] });

      // The refused recovery code was not spent: it completes a login with the new password.
      const fresh = await challengeOf(user.username, 'a changed password 1');
      expect((await login2fa({ challenge: fresh, recoveryCode: recoveryCodes[0] })).body.code).toBe(200);
    });

    it('a password set while the second factor is being checked: no session opens', async () => {
      const { user, secret } = await enrolled();
      const challenge = await challengeOf(user.username, user.password);
      // A reset that commits between the challenge's check and the session: the test holds the
      // user's row with the new password written but not committed yet.
      const runner = t.db.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction();
        await runner.query('UPDATE accounts.users SET password_hash = $2 WHERE id = $1', [
          user.id,
          await hashSecret('set meanwhile by a reset'),
        ]);
        const pending = login2fa({ challenge, code: await totp(secret) }).then((r) => r);
        // Until the login waits for the row (the challenge itself was checked against the old hash).
        for (let i = 0; ; i++) {
          const [{ waiting }] = await t.db.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (waiting > 0) break;
          if (i > 200) throw new Error('the login never waited for the user row');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await runner.commitTransaction();
        expect((await pending).body).toMatchObject({ code: 400, result: [{ field: 'challenge' }] });
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
      const sessions = await t.db.query(
        `SELECT count(*)::int AS n FROM accounts.sessions WHERE subject_id = $1 AND revoked_at IS NULL`,
        [user.id],
      );
      // Only the session of registration.
      expect(sessions).toEqual([{ n: 1 }]);
    });

    it('a challenge opened after the change completes as before', async () => {
      const { user, secret } = await enrolled();
      await resetPassword(user, 'reset password number 2');
      nextStep();
      const fresh = await challengeOf(user.email, 'reset password number 2');
      expect((await login2fa({ challenge: fresh, code: await totp(secret) })).body.code).toBe(200);
    });
  });

  describe('admins', () => {
    const adminLogin = (email: string, password: string) =>
      t.http().post('/swx/admin/login').send({ email, password });
    const adminLogin2fa = (body: object) => t.http().post('/swx/admin/login2fa').send(body);

    async function enrolledAdmin() {
      const email = `${uniqueName('chal')}@example.com`;
      const password = 'the admin password 1';
      const rows: { id: string }[] = await t.db.query(
        `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{reviewer}') RETURNING id`,
        [email, await hashSecret(password)],
      );
      const token = (await adminLogin(email, password)).body.result.token as string;
      const secret = (await t.http().post('/swx/admin/2fa/setup').set(bearer(token))).body.result
        .secret as string;
      const enabled = await t
        .http()
        .post('/swx/admin/2fa/enable')
        .set(bearer(token))
        .send({ code: await totp(secret) });
      expect(enabled.body.code).toBe(200);
      nextStep();
      return { id: rows[0].id, email, password, secret };
    }

    async function adminChallenge(email: string, password: string): Promise<string> {
      const first = await adminLogin(email, password);
      expect(first.body.result).toMatchObject({ twoFactorRequired: true });
      return first.body.result.challenge as string;
    }

    it("a super-admin's reset of the password ends the admin's pending challenge", async () => {
      const admin = await enrolledAdmin();
      const stale = await adminChallenge(admin.email, admin.password);
      const reset = await t
        .http()
        .post(`/swx/admin/admins/${admin.id}/resetPassword`)
        .set(bearer(superToken))
        .send({ reason: 'the password leaked', password: 'a reset admin password' });
      expect(reset.body.code).toBe(200);
      expect((await adminLogin2fa({ challenge: stale, code: await totp(admin.secret) })).body).toMatchObject({
        code: 400,
        result: [{ field: 'challenge' }],
      });
      const fresh = await adminChallenge(admin.email, 'a reset admin password');
      expect((await adminLogin2fa({ challenge: fresh, code: await totp(admin.secret) })).body.code).toBe(200);
    });

    it("an admin's own password change ends their pending challenge", async () => {
      const admin = await enrolledAdmin();
      const stale = await adminChallenge(admin.email, admin.password);
      const session = await adminLogin2fa({
        challenge: await adminChallenge(admin.email, admin.password),
        code: await totp(admin.secret),
      });
      expect(session.body.code).toBe(200);
      nextStep();
      const changed = await t
        .http()
        .post('/swx/admin/password')
        .set(bearer(session.body.result.token as string))
        .send({ oldPassword: admin.password, newPassword: 'a changed admin password' });
      expect(changed.body.code).toBe(200);
      expect((await adminLogin2fa({ challenge: stale, code: await totp(admin.secret) })).body).toMatchObject({
        code: 400,
        result: [{ field: 'challenge' }],
      });
    });
  });
});
