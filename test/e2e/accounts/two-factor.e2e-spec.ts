import type Redis from 'ioredis';
import { REDIS_CLIENT } from '@app/queue';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

describe('two-factor authentication (TOTP)', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The authenticator app: the code of the current step of the (test-movable) clock. */
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  /** A code is accepted once per 30 s step: move on to the next step between uses. */
  const nextStep = () => clock.advance(30_000);

  const bearer = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.token}` });
  const login = (user: RegisteredUser) =>
    t.http().post('/swx/customer/login/login').send({ account: user.username, password: user.password });
  const login2fa = (body: object) => t.http().post('/swx/customer/login/login2fa').send(body);

  /** A registered user with 2FA enabled: its secret and recovery codes. */
  async function enrolled() {
    const user = await registerUser(t);
    const setup = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user));
    const secret = setup.body.result.secret as string;
    const enable = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(bearer(user))
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    nextStep();
    return { user, secret, recoveryCodes: enable.body.result.recoveryCodes as string[] };
  }

  describe('POST /swx/customer/user/2fa/*', () => {
    it('401 without a session; 400 for a malformed code', async () => {
      expect((await t.http().post('/swx/customer/user/2fa/setup')).body.code).toBe(401);
      const user = await registerUser(t);
      const bad = await t
        .http()
        .post('/swx/customer/user/2fa/enable')
        .set(bearer(user))
        .send({ code: '12ab' });
      expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
    });

    it('enrols: setup shows the otpauth URL and a QR, enable needs a right code and answers 10 recovery codes', async () => {
      const user = await registerUser(t);
      const notYet = await t
        .http()
        .post('/swx/customer/user/2fa/enable')
        .set(bearer(user))
        .send({ code: '123456' });
      expect(notYet.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });

      const setup = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user));
      expect(setup.body.code).toBe(200);
      const { secret, otpauthUrl, qrCodeDataUrl } = setup.body.result;
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      // Pending until confirmed: login still answers a token.
      expect((await login(user)).body.result.token).toEqual(expect.any(String));

      const wrong = await t
        .http()
        .post('/swx/customer/user/2fa/enable')
        .set(bearer(user))
        .send({ code: '000000' });
      expect(wrong.body.code).toBe(10091);
      const ok = await t
        .http()
        .post('/swx/customer/user/2fa/enable')
        .set(bearer(user))
        .send({ code: await totp(secret) });
      expect(ok.body.code).toBe(200);
      const codes = ok.body.result.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const stored = await t.db.query(
        'SELECT code_hash FROM accounts.recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [user.id],
      );
      expect(stored).toHaveLength(10);
      for (const row of stored as { code_hash: string }[]) expect(row.code_hash).toMatch(/^\$argon2id\$/);
      const again = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user));
      expect(again.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
    });
  });

  describe('POST login + login2fa', () => {
    it('login answers a challenge, not a token; login2fa with the code answers the session, once', async () => {
      const { user, secret } = await enrolled();
      const first = await login(user);
      expect(first.body.code).toBe(200);
      expect(first.body.result).toEqual({
        twoFactorRequired: true,
        challenge: expect.any(String),
        expiresAt: expect.any(String),
      });
      const { challenge } = first.body.result;
      const noCode = await login2fa({ challenge });
      expect(noCode.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
      expect((await login2fa({ challenge, code: '000000' })).body.code).toBe(10091);
      const code = await totp(secret);
      const ok = await login2fa({ challenge, code });
      expect(ok.body.code).toBe(200);
      expect(ok.body.result).toMatchObject({ token: expect.any(String), user: { id: user.id } });
      const info = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', `Bearer ${ok.body.result.token}`);
      expect(info.body.code).toBe(200);
      // The challenge is spent, and the same code is not accepted twice (replay) on a new challenge.
      expect((await login2fa({ challenge, code })).body).toMatchObject({
        code: 400,
        result: [{ field: 'challenge' }],
      });
      const second = await login(user);
      expect((await login2fa({ challenge: second.body.result.challenge, code })).body.code).toBe(10091);
      nextStep();
      const fresh = await login2fa({ challenge: second.body.result.challenge, code: await totp(secret) });
      expect(fresh.body.code).toBe(200);
    });

    it('a recovery code works once', async () => {
      const { user, recoveryCodes } = await enrolled();
      const first = await login(user);
      const ok = await login2fa({
        challenge: first.body.result.challenge,
        recoveryCode: recoveryCodes[3].toUpperCase(),
      });
      expect(ok.body.code).toBe(200);
      const second = await login(user);
      const reused = await login2fa({
        challenge: second.body.result.challenge,
        recoveryCode: recoveryCodes[3],
      });
      expect(reused.body.code).toBe(10091);
      const another = await login2fa({
        challenge: second.body.result.challenge,
        recoveryCode: recoveryCodes[4],
      });
      expect(another.body.code).toBe(200);
    });

    it('429 after too many wrong codes; the challenge is gone', async () => {
      const { user, secret } = await enrolled();
      const { challenge } = (await login(user)).body.result;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await login2fa({ challenge, code: '000000' })).body.code);
      expect(codes).toEqual([10091, 10091, 10091, 10091, 429]);
      expect((await login2fa({ challenge, code: await totp(secret) })).body.code).not.toBe(200);
    });

    it('wrong codes sent at once: no more than five are checked, then the holder is refused', async () => {
      const { user, secret } = await enrolled();
      const { challenge } = (await login(user)).body.result;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => login2fa({ challenge, code: '000000' })),
      );
      const codes = answers.map((r) => r.body.code as number);
      expect(codes.filter((c) => c === 10091).length).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 200)).toHaveLength(0);
      const redis = t.app.get<Redis>(REDIS_CLIENT);
      expect(await redis.get(`login-fail:customer-2fa:acct:${user.id}`)).toBe('5');
      // A new challenge does not buy more guesses: the right code is refused too.
      const again = (await login(user)).body.result;
      expect((await login2fa({ challenge: again.challenge, code: await totp(secret) })).body.code).toBe(429);
    });

    it('400 for an unknown challenge', async () => {
      const res = await login2fa({ challenge: 'no-such-challenge', code: '123456' });
      expect(res.body).toMatchObject({ code: 400, result: [{ field: 'challenge' }] });
    });
  });

  describe('POST repasswordTx with 2FA', () => {
    it('requires the authenticator code while 2FA is on', async () => {
      const { user, secret } = await enrolled();
      await t
        .http()
        .post('/swx/customer/login/sendCode')
        .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
      const code = await lastCode(t, user.email);
      const send = (body: object) =>
        t.http().post('/swx/customer/user/repasswordTx').set(bearer(user)).send(body);
      const without = await send({ type: 'email', code, password: 'withdraw-secret' });
      expect(without.body).toMatchObject({ code: 400, result: [{ field: 'totpCode' }] });
      const wrong = await send({ type: 'email', code, password: 'withdraw-secret', totpCode: '000000' });
      expect(wrong.body.code).toBe(10091);
      const ok = await send({
        type: 'email',
        code,
        password: 'withdraw-secret',
        totpCode: await totp(secret),
      });
      expect(ok.body.code).toBe(20005);
    });
  });

  describe('POST /swx/customer/user/2fa/disable', () => {
    it('needs a right code; afterwards login answers a token again', async () => {
      const { user, secret } = await enrolled();
      const session = await login2fa({
        challenge: (await login(user)).body.result.challenge,
        code: await totp(secret),
      });
      nextStep();
      const auth = { Authorization: `Bearer ${session.body.result.token}` };
      const wrong = await t.http().post('/swx/customer/user/2fa/disable').set(auth).send({ code: '000000' });
      expect(wrong.body.code).toBe(10091);
      const ok = await t
        .http()
        .post('/swx/customer/user/2fa/disable')
        .set(auth)
        .send({ code: await totp(secret) });
      expect(ok.body.code).toBe(200);
      expect((await login(user)).body.result.token).toEqual(expect.any(String));
      const rows = await t.db.query(
        'SELECT count(*)::int AS n FROM accounts.recovery_codes WHERE user_id = $1',
        [user.id],
      );
      expect(rows).toEqual([{ n: 0 }]);
    });
  });
});
