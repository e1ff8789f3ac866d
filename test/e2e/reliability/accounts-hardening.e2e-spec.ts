import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { SignJWT, decodeJwt } from 'jose';
import { REDIS_CLIENT } from '@app/queue';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../../support/users';
import { bearer, createReliabilityApp, type ReliabilityApp } from './reliability-support';

// Issue 14, item 8: credential stuffing and brute force (per-account and per-address limits, at
// most 100 consecutive failures per account), code-sending floods (caps per destination, address
// and day), the same answer and similar timing for unknown users, codes bound to purpose and
// destination and used once, JWT alg=none and algorithm confusion refused.
// Time windows held in Redis are passed by deleting their keys (what their expiry does).

describe('accounts hardening (issue 14, item 8)', () => {
  let t: ReliabilityApp;
  let redis: Redis;
  let ipSeq = 0;
  /** A fresh client address (the app trusts X-Forwarded-For here, as behind a proxy). */
  const newIp = () => `198.51.100.${++ipSeq}`;
  const post = (url: string, body: object, ip = newIp()) =>
    t.http().post(`/swx/customer/login/${url}`).set('X-Forwarded-For', ip).set('lang', 'en').send(body);

  beforeAll(async () => {
    t = await createReliabilityApp({
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_IP: '50',
      SEND_CODE_MAX_PER_IP_PER_HOUR: '30',
      SEND_CODE_MAX_PER_IP_PER_DAY: '100',
    });
    redis = t.app.get<Redis>(REDIS_CLIENT);
  }, 240_000);
  afterAll(async () => {
    await t.close();
  }, 120_000);

  describe('logins', () => {
    it('credential stuffing from one address stops at the per-address limit (50 failures)', async () => {
      const ip = newIp();
      const codes: number[] = [];
      for (let i = 0; i < 60; i++)
        codes.push((await post('login', { account: uniqueName(), password: 'guess-1234' }, ip)).body.code);
      expect(codes.filter((c) => c === 10004)).toHaveLength(50);
      expect(codes.slice(50)).toEqual(new Array(10).fill(429));
    });

    it('brute force on one account from many addresses: 5 per window, at most 100 in a row, then locked until a reset', async () => {
      const user = await registerUser(t);
      const window = `login-fail:customer:acct:user:${user.id}`;
      let failures = 0;
      let locked = 0;
      for (let i = 0; i < 130; i++) {
        const res = await post('login', {
          account: i % 2 ? user.username : user.email,
          password: `guess-${i}`,
        });
        if (res.body.code === 10004) failures += 1;
        else {
          expect(res.body.code).toBe(429);
          locked += 1;
        }
        // Five failures close the window: the right password is refused too...
        if (failures % 5 === 0 && failures > 0 && res.body.code === 10004) {
          expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(
            429,
          );
          // ...until the window passes.
          await redis.del(window);
        }
      }
      expect(failures).toBe(100);
      expect(locked).toBe(30);
      // Locked: the right password from a new address after the window is refused, with the reason.
      await redis.del(window);
      const refused = await post('login', { account: user.username, password: user.password });
      expect(refused.body).toMatchObject({ code: 429, message: expect.stringMatching(/locked/i) });
      // A password reset unlocks it.
      await post('sendCode', { type: 'email', account: user.email, scene: 'reset' });
      const reset = await post('resetPassword', {
        type: 'email',
        account: user.email,
        code: await lastCode(t, user.email),
        password: 'a brand new password',
      });
      expect(reset.body.code).toBe(20005);
      expect(
        (await post('login', { account: user.username, password: 'a brand new password' })).body.code,
      ).toBe(200);
    });

    it('an unknown account gets the same answer, in a similar time, as a wrong password', async () => {
      const user = await registerUser(t);
      const answers = await Promise.all([
        post('login', { account: uniqueName(), password: 'whatever-pass' }),
        post('login', { account: `${uniqueName()}@example.com`, password: 'whatever-pass' }),
        post('login', { account: '+15550001111', password: 'whatever-pass' }),
        post('login', { account: user.username, password: 'whatever-pass' }),
        post('login', { account: user.email, password: 'whatever-pass' }),
      ]);
      const shapes = answers.map((r) => ({
        status: r.status,
        code: r.body.code,
        message: r.body.message,
        result: r.body.result,
      }));
      for (const s of shapes) expect(s).toEqual(shapes[3]);
      expect(shapes[3].code).toBe(10004);

      const time = async (account: string) => {
        const started = process.hrtime.bigint();
        await post('login', { account, password: 'whatever-pass' });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const unknown: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < 15; i++) {
        unknown.push(await time(uniqueName()));
        const u = await registerUser(t);
        known.push(await time(u.username));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const ratio = median(unknown) / median(known);
      process.stdout.write(
        `[accounts] login median: unknown ${median(unknown).toFixed(1)} ms, wrong password ${median(known).toFixed(1)} ms (ratio ${ratio.toFixed(2)})\n`,
      );
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    }, 240_000);

    it('a password reset does not tell whether the account exists', async () => {
      const user = await registerUser(t);
      const known = await post('sendCode', { type: 'email', account: user.email, scene: 'reset' });
      const unknown = await post('sendCode', {
        type: 'email',
        account: `${uniqueName()}@example.com`,
        scene: 'reset',
      });
      expect(unknown.body).toEqual(known.body);
      const phone = await post('sendCode', { type: 'phone', account: '+15550002222', scene: 'reset' });
      expect(phone.body).toEqual(known.body);
      // A known account that asked for no code, and an unknown one: the same answer.
      const other = await registerUser(t);
      const resetKnown = await post('resetPassword', {
        type: 'email',
        account: other.email,
        code: '123456',
        password: 'new password 1',
      });
      const resetUnknown = await post('resetPassword', {
        type: 'email',
        account: `${uniqueName()}@example.com`,
        code: '123456',
        password: 'new password 1',
      });
      expect(resetUnknown.body).toEqual(resetKnown.body);
    });
  });

  describe('code-sending floods', () => {
    it('one destination: one code per 60 s, at most 10 a day (then 429), whatever the address', async () => {
      const email = `${uniqueName()}@example.com`;
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        codes.push((await post('sendCode', { type: 'email', account: email, scene: 'register' })).body.code);
        // A second request within the minute: refused as repeated.
        if (i === 0)
          expect(
            (await post('sendCode', { type: 'email', account: email, scene: 'register' })).body.code,
          ).toBe(10089);
        await redis.del(`sendcode:cooldown:register:${email}`);
      }
      expect(codes).toEqual([...new Array(10).fill(200), 429, 429]);
      const sent = await t.db.query('SELECT count(*)::int AS n FROM accounts.outbox WHERE recipient = $1', [
        email,
      ]);
      expect(sent[0].n).toBe(10);
    });

    it('one address: at most 30 codes an hour and 100 a day', async () => {
      const ip = newIp();
      const send = () =>
        post('sendCode', { type: 'email', account: `${uniqueName()}@example.com`, scene: 'register' }, ip);
      const hour: number[] = [];
      for (let i = 0; i < 32; i++) hour.push((await send()).body.code);
      expect(hour.filter((c) => c === 200)).toHaveLength(30);
      expect(hour.slice(30)).toEqual([429, 429]);
      // Across hours (the hourly window passed), the day still caps at 100 codes.
      let accepted = 30;
      for (let hours = 0; hours < 4; hours++) {
        await redis.del(`sendcode:ip:${ip}`);
        for (let i = 0; i < 30; i++) if ((await send()).body.code === 200) accepted += 1;
      }
      expect(accepted).toBe(100);
    }, 240_000);
  });

  describe('codes', () => {
    it('a code is bound to its purpose and destination, and used once', async () => {
      const a = `${uniqueName()}@example.com`;
      const b = `${uniqueName()}@example.com`;
      await post('sendCode', { type: 'email', account: a, scene: 'register' });
      const code = await lastCode(t, a);
      const register = (account: string, c = code) =>
        post('register', {
          type: 'email',
          account,
          username: uniqueName(),
          password: 'correct horse battery',
          code: c,
        });
      // Another destination: no code was sent there.
      expect((await register(b)).body.code).toBe(10090);
      // Another purpose: a reset code does not set the withdrawal password; it still resets.
      const user = await registerUser(t);
      await post('sendCode', { type: 'email', account: user.email, scene: 'reset' });
      const resetCode = await lastCode(t, user.email);
      const wrongPurpose = await t
        .http()
        .post('/swx/customer/user/repasswordTx')
        .set(bearer(user.token))
        .send({ type: 'email', code: resetCode, password: 'withdraw-1234' });
      expect(wrongPurpose.body.code).toBe(10090);
      const rightPurpose = await post('resetPassword', {
        type: 'email',
        account: user.email,
        code: resetCode,
        password: 'x new password',
      });
      expect(rightPurpose.body.code).toBe(20005);
      // Used once.
      expect((await register(a)).body.code).toBe(200);
      expect((await register(a)).body.code).not.toBe(200);
      // Five wrong tries spend a code.
      const c = `${uniqueName()}@example.com`;
      await post('sendCode', { type: 'email', account: c, scene: 'register' });
      const right = await lastCode(t, c);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await register(c, wrong)).body.code).toBe(10091);
      expect((await register(c, right)).body.code).toBe(10091);
    });
  });

  describe('tokens', () => {
    let user: RegisteredUser;
    let sessionId: string;
    const key = () => new TextEncoder().encode(t.config.jwtSecret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const ask = (token: string) => t.http().post('/swx/customer/user/getUserInfo').set(bearer(token));

    beforeAll(async () => {
      user = await registerUser(t);
      sessionId = decodeJwt(user.token).jti!;
    });

    it('the genuine token works', async () => {
      expect((await ask(user.token)).body.code).toBe(200);
    });

    it('refuses alg=none, other algorithms (confusion), tampering, wrong keys, wrong audience, expiry', async () => {
      const claims = decodeJwt(user.token);
      const now = Math.floor(Date.now() / 1000);
      const payload = { ...claims, iat: now, exp: now + 3600 };
      const forged: [string, string][] = [
        ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`],
        ['alg NONE', `${b64({ alg: 'NONE' })}.${b64(payload)}.`],
        [
          'HS512 with the real secret',
          await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(key()),
        ],
        [
          'HS384 with the real secret',
          await new SignJWT(payload).setProtectedHeader({ alg: 'HS384' }).sign(key()),
        ],
        [
          'RS256 header, HMAC body (algorithm confusion)',
          (() => {
            const head = b64({ alg: 'RS256', typ: 'JWT' });
            const body = b64(payload);
            const sig = createHmac('sha256', t.config.jwtSecret)
              .update(`${head}.${body}`)
              .digest('base64url');
            return `${head}.${body}.${sig}`;
          })(),
        ],
        [
          'signed with another key',
          await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32)),
        ],
        [
          'subject changed, signature kept',
          (() => {
            const [h, , s] = user.token.split('.');
            return `${h}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`;
          })(),
        ],
        [
          'admin audience',
          await new SignJWT({ ...payload, aud: 'swx-admin', kind: 'admin' })
            .setProtectedHeader({ alg: 'HS256' })
            .sign(key()),
        ],
        [
          'expired',
          await new SignJWT({ ...payload, iat: now - 7200, exp: now - 3600 })
            .setProtectedHeader({ alg: 'HS256' })
            .sign(key()),
        ],
        [
          'unknown session',
          await new SignJWT({ ...payload, jti: '00000000-0000-4000-8000-000000000000' })
            .setProtectedHeader({ alg: 'HS256' })
            .sign(key()),
        ],
        ['garbage', 'not.a.token'],
        ['empty signature', `${user.token.split('.').slice(0, 2).join('.')}.`],
      ];
      for (const [name, token] of forged) expect([name, (await ask(token)).body.code]).toEqual([name, 401]);
      // Sanity: a token made with the real key and claims is accepted (the forgeries fail on what they change).
      const remade = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key());
      expect((await ask(remade)).body.code).toBe(200);
      expect(sessionId).toBeTruthy();
    });

    it('a token dies with its session (logout, password change)', async () => {
      const u = await registerUser(t);
      await t.http().post('/swx/customer/login/logout').set(bearer(u.token));
      expect((await ask(u.token)).body.code).toBe(401);
      const v = await registerUser(t);
      const second = (await post('login', { account: v.username, password: v.password })).body.result
        .token as string;
      await t
        .http()
        .post('/swx/customer/user/repassword')
        .set(bearer(v.token))
        .send({ oldPassword: v.password, newPassword: 'another good password' });
      expect((await ask(v.token)).body.code).toBe(401);
      expect((await ask(second)).body.code).toBe(401);
    });
  });
});
