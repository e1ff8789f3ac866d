import type Redis from 'ioredis';
import { REDIS_CLIENT } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName } from '../../support/users';

describe('login module /swx/customer/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: object) => t.http().post(`/swx/customer/login/${path}`).send(body);
  const redis = () => t.app.get<Redis>(REDIS_CLIENT);

  describe('GET methods', () => {
    it('says google: false while Google (OIDC) login is not configured; public, no token', async () => {
      const res = await t.http().get('/swx/customer/login/methods');
      expect(res.body).toEqual({ code: 200, result: { google: false, wallet: true }, message: 'Success' });
      // The same answer as googleAuthUrl's: not configured, 404.
      expect((await t.http().get('/swx/customer/login/googleAuthUrl')).body.code).toBe(404);
    });
  });

  describe('POST sendCode', () => {
    it('400 with field errors for malformed input', async () => {
      const res = await post('sendCode', { type: 'fax', account: 'x', scene: 'register' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.result).toEqual([
        { field: 'type', message: 'Please choose a registration method (mobile or e-mail)' },
      ]);
      const bad = await post('sendCode', { type: 'email', account: 'not-an-email', scene: 'register' });
      expect(bad.body).toMatchObject({
        code: 400,
        result: [{ field: 'account', message: 'The e-mail format is incorrect' }],
      });
      const phone = await post('sendCode', { type: 'phone', account: '12345', scene: 'register' });
      expect(phone.body.code).toBe(400);
      const extra = await post('sendCode', {
        type: 'email',
        account: 'a@example.com',
        scene: 'register',
        admin: true,
      });
      expect(extra.body).toMatchObject({ code: 400, result: [{ field: 'admin' }] });
    });

    it('sends a 6-digit code to the outbox, and refuses a resend within 60 s (10089)', async () => {
      const email = `${uniqueName()}@example.com`;
      const first = await post('sendCode', { type: 'email', account: email, scene: 'register' });
      expect(first.body).toEqual({ code: 200, result: null, message: 'Success' });
      expect(await lastCode(t, email)).toMatch(/^\d{6}$/);
      const again = await post('sendCode', { type: 'email', account: email, scene: 'register' });
      expect(again.body.code).toBe(10089);
    });

    it('sends SMS codes to phones', async () => {
      const phone = `+4479${Math.floor(1e7 + Math.random() * 9e7)}`;
      const res = await post('sendCode', { type: 'phone', account: phone, scene: 'register' });
      expect(res.body.code).toBe(200);
      const rows = await t.db.query('SELECT channel FROM accounts.outbox WHERE recipient = $1', [phone]);
      expect(rows).toEqual([{ channel: 'sms' }]);
    });

    it('10007 for a registered e-mail; a reset code for an unknown account answers as for a known one, sending nothing', async () => {
      const user = await registerUser(t);
      expect(
        (await post('sendCode', { type: 'email', account: user.email, scene: 'register' })).body.code,
      ).toBe(10007);
      expect(
        (await post('sendCode', { type: 'email', account: 'nobody@example.com', scene: 'reset' })).body.code,
      ).toBe(200);
      expect(
        (await post('sendCode', { type: 'phone', account: '+8613800000000', scene: 'reset' })).body.code,
      ).toBe(200);
      const sent = await t.db.query('SELECT 1 FROM accounts.outbox WHERE recipient = ANY($1)', [
        ['nobody@example.com', '+8613800000000'],
      ]);
      expect(sent).toEqual([]);
    });

    it('429 when one address asks for too many codes', async () => {
      const limited = await createTestApp({ SEND_CODE_MAX_PER_IP_PER_HOUR: '2' });
      try {
        const codes = [];
        for (let i = 0; i < 3; i++) {
          const res = await limited
            .http()
            .post('/swx/customer/login/sendCode')
            .send({ type: 'email', account: `${uniqueName()}@example.com`, scene: 'register' });
          codes.push(res.body.code);
        }
        expect(codes).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('POST register', () => {
    async function sendRegisterCode(email: string) {
      await post('sendCode', { type: 'email', account: email, scene: 'register' });
      return lastCode(t, email);
    }

    it('10090 without a code sent first', async () => {
      const username = uniqueName();
      const res = await post('register', {
        type: 'email',
        account: `${username}@example.com`,
        username,
        password: 'long enough password',
        code: '123456',
      });
      expect(res.body.code).toBe(10090);
    });

    it('10091 for a wrong code; five wrong tries burn the code', async () => {
      const username = uniqueName();
      const email = `${username}@example.com`;
      const code = await sendRegisterCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = { type: 'email', account: email, username, password: 'long enough password' };
      for (let i = 0; i < 5; i++)
        expect((await post('register', { ...body, code: wrong })).body.code).toBe(10091);
      const burnt = await post('register', { ...body, code });
      expect(burnt.body.code).toBe(10091);
      expect(burnt.body.message).toBe('Too many wrong codes, please request a new one');
    });

    it('10091 once the code is older than 10 minutes', async () => {
      const username = uniqueName();
      const email = `${username}@example.com`;
      const code = await sendRegisterCode(email);
      await t.db.query(
        `UPDATE accounts.verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`,
        [email],
      );
      const res = await post('register', {
        type: 'email',
        account: email,
        username,
        password: 'long enough password',
        code,
      });
      expect(res.body).toMatchObject({
        code: 10091,
        message: 'The verification code has expired, please request a new one',
      });
    });

    it('400 for a short password, a bad username and a bad invite code', async () => {
      const username = uniqueName();
      const email = `${username}@example.com`;
      const code = await sendRegisterCode(email);
      const base = { type: 'email', account: email, username, password: 'long enough password', code };
      expect((await post('register', { ...base, password: 'short' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'password', message: 'The password must be 8 to 128 characters long' }],
      });
      expect((await post('register', { ...base, username: 'a b' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'username' }],
      });
      expect((await post('register', { ...base, inviteCode: 'NOPE' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'inviteCode' }],
      });
    });

    it('10006 for a taken username, 10007 for a taken e-mail', async () => {
      const existing = await registerUser(t);
      const email = `${uniqueName()}@example.com`;
      const code = await sendRegisterCode(email);
      const taken = await post('register', {
        type: 'email',
        account: email,
        username: existing.username.toUpperCase(),
        password: 'long enough password',
        code,
      });
      expect(taken.body.code).toBe(10006);
      const dupEmail = await post('register', {
        type: 'email',
        account: existing.email,
        username: uniqueName(),
        password: 'long enough password',
        code,
      });
      expect(dupEmail.body.code).toBe(10007);
    });

    it('registers, answers a token and funds the demo book', async () => {
      const inviter = await registerUser(t);
      const inviteCode = (
        await t.http().post('/swx/customer/user/getUserInfo').set('Authorization', `Bearer ${inviter.token}`)
      ).body.result.inviteCode;
      const username = uniqueName();
      const email = `${username}@example.com`;
      const code = await sendRegisterCode(email);
      const body = {
        type: 'email',
        account: email,
        username,
        password: 'long enough password',
        code,
        inviteCode,
      };
      const res = await post('register', body);
      expect(res.body.code).toBe(200);
      expect(res.body.result.token).toEqual(expect.any(String));
      expect(res.body.result.user).toMatchObject({
        username,
        email,
        status: 'active',
        hasWithdrawPassword: false,
      });
      const [row] = await t.db.query('SELECT invited_by FROM accounts.users WHERE id = $1', [
        res.body.result.user.id,
      ]);
      expect(row.invited_by).toBe(inviter.id);
      const info = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', `Bearer ${res.body.result.token}`);
      expect(info.body.result).toMatchObject({
        book: 'demo',
        balances: [{ currency: 'USDT', available: '100000', frozen: '0' }],
      });
    });

    it('one code registers one user, even when two requests race', async () => {
      const email = `${uniqueName()}@example.com`;
      const code = await sendRegisterCode(email);
      const attempt = () =>
        post('register', {
          type: 'email',
          account: email,
          username: uniqueName(),
          password: 'long enough password',
          code,
        });
      const results = await Promise.all([attempt(), attempt(), attempt()]);
      const codes = results.map((r) => r.body.code as number).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      for (const c of codes.filter((c) => c !== 200)) expect([10090, 10007]).toContain(c);
      const [{ count }] = await t.db.query(
        'SELECT count(*)::int AS count FROM accounts.users WHERE email = $1',
        [email],
      );
      expect(count).toBe(1);
      const grants = await t.db.query(
        `SELECT count(*)::int AS count FROM ledger.journal WHERE reason = 'demo_grant' AND ref_id IN (SELECT id::text FROM accounts.users WHERE email = $1)`,
        [email],
      );
      expect(grants[0].count).toBe(1);
    });

    it('registers by phone, and logs in by phone', async () => {
      const phone = `+8613${Math.floor(1e8 + Math.random() * 9e8)}`;
      await post('sendCode', { type: 'phone', account: phone, scene: 'register' });
      const code = await lastCode(t, phone);
      const username = uniqueName();
      const res = await post('register', {
        type: 'phone',
        account: phone,
        username,
        password: 'phone user password',
        code,
      });
      expect(res.body.code).toBe(200);
      expect(res.body.result.user.phone).toBe(phone);
      const login = await post('login', { account: phone, password: 'phone user password' });
      expect(login.body.code).toBe(200);
    });
  });

  describe('POST login', () => {
    it('answers each error code of the spec', async () => {
      const user = await registerUser(t);
      expect((await post('login', { account: '', password: 'x' })).body.code).toBe(10001);
      // An unknown account answers exactly as a wrong password (no user enumeration).
      expect((await post('login', { account: uniqueName(), password: 'whatever pass' })).body.code).toBe(
        10004,
      );
      expect(
        (await post('login', { account: `${uniqueName()}@example.com`, password: 'whatever pass' })).body
          .code,
      ).toBe(10004);
      expect((await post('login', { account: '+15550000000', password: 'whatever pass' })).body.code).toBe(
        10004,
      );
      expect((await post('login', { account: user.username, password: 'wrong password' })).body.code).toBe(
        10004,
      );
      // A missing field is told to enter it (the message of its first rule, not of its last).
      expect((await post('login', { account: user.username })).body).toMatchObject({
        code: 400,
        result: [{ field: 'password', message: 'Please enter a password' }],
      });
      expect((await post('login', { password: 'whatever pass' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'account', message: 'Please enter your username or e-mail' }],
      });
      const german = await t.http().post('/swx/customer/login/login').set('lang', 'de').send({});
      expect(german.body.code).toBe(400);
      expect(german.body.result).toHaveLength(2);
      expect(german.body.result.map((e: { message: string }) => e.message)).not.toContain(
        'Please enter a password',
      );
    });

    it('logs in by username or e-mail (any case)', async () => {
      const user = await registerUser(t);
      for (const account of [user.username, user.email.toUpperCase()]) {
        const res = await post('login', { account, password: user.password });
        expect(res.body.code).toBe(200);
        expect(res.body.result.user.id).toBe(user.id);
      }
    });

    it('429 after five failures for one account, even with the right password', async () => {
      const user = await registerUser(t);
      for (let i = 0; i < 5; i++)
        expect((await post('login', { account: user.username, password: 'wrong password' })).body.code).toBe(
          10004,
        );
      expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(429);
    });

    it('guesses sent at once are counted each: five are checked, the rest answered 429', async () => {
      const user = await registerUser(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('login', { account: user.username, password: `guess ${i}xx` }),
        ),
      );
      const codes = answers.map((r) => r.body.code as number);
      expect(codes.filter((c) => c === 10004)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
      // The refused guesses were not counted: the window holds the five failures, no more.
      const count = await redis().get(`login-fail:customer:acct:user:${user.id}`);
      expect(count).toBe('5');
      expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(429);
    });

    it('a right password gives its count back: successful logins never lock an address or account', async () => {
      const user = await registerUser(t);
      for (let i = 0; i < 7; i++) {
        expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(
          200,
        );
      }
      expect(await redis().get(`login-fail:customer:acct:user:${user.id}`)).toBeNull();
      expect(await redis().get(`login-fail:customer:run:user:${user.id}`)).toBeNull();
    });

    it('10005 for a frozen user, 10008 for an abnormal one', async () => {
      const frozen = await registerUser(t);
      await t.db.query(`UPDATE accounts.users SET status = 'frozen' WHERE id = $1`, [frozen.id]);
      expect((await post('login', { account: frozen.username, password: frozen.password })).body.code).toBe(
        10005,
      );
      const odd = await registerUser(t);
      await t.db.query(`UPDATE accounts.users SET status = 'abnormal' WHERE id = $1`, [odd.id]);
      expect((await post('login', { account: odd.username, password: odd.password })).body.code).toBe(10008);
    });
  });

  describe('GET checkUserNameOrPhone', () => {
    it('tells whether a username or phone exists', async () => {
      const user = await registerUser(t);
      const check = (q: string) => t.http().get(`/swx/customer/login/checkUserNameOrPhone?${q}`);
      expect((await check(`username=${user.username}`)).body.result).toEqual({ exists: true });
      expect((await check(`username=${uniqueName()}`)).body.result).toEqual({ exists: false });
      expect((await check('phone=%2B15551234567')).body.result).toEqual({ exists: false });
      expect((await check('')).body.code).toBe(400);
    });
  });

  describe('POST logout', () => {
    it('revokes the token at once (401 after)', async () => {
      const user = await registerUser(t);
      const auth = { Authorization: `Bearer ${user.token}` };
      expect((await t.http().post('/swx/customer/login/logout').set(auth)).body.code).toBe(200);
      const after = await t.http().post('/swx/customer/user/getUserInfo').set(auth);
      expect(after.body.code).toBe(401);
    });
  });

  describe('POST resetPassword', () => {
    it('resets with an e-mailed code and ends every session', async () => {
      const user = await registerUser(t);
      await post('sendCode', { type: 'email', account: user.email, scene: 'reset' });
      const code = await lastCode(t, user.email);
      const res = await post('resetPassword', {
        type: 'email',
        account: user.email,
        code,
        password: 'a brand new password',
      });
      expect(res.body.code).toBe(20005);
      expect(
        (await t.http().post('/swx/customer/user/getUserInfo').set('Authorization', user.token)).body.code,
      ).toBe(401);
      expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(
        10004,
      );
      expect(
        (await post('login', { account: user.username, password: 'a brand new password' })).body.code,
      ).toBe(200);
    });
  });

  describe('localized messages', () => {
    it('speaks the language of lang or Accept-Language', async () => {
      const ask = (headers: Record<string, string>) =>
        t
          .http()
          .post('/swx/customer/login/login')
          .set(headers)
          .send({ account: uniqueName(), password: 'whatever pass' });
      const en = await ask({});
      const zh = await ask({ 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' });
      const hk = await ask({ 'Accept-Language': 'zh-TW' });
      const fr = await ask({ lang: 'fr' });
      const ar = await ask({ lang: 'ar', 'Accept-Language': 'de' });
      for (const r of [en, zh, hk, fr, ar]) expect(r.body.code).toBe(10004);
      const messages = [en, zh, hk, fr, ar].map((r) => r.body.message as string);
      expect(new Set(messages).size).toBe(5);
      expect(messages[0]).toBe('The username or password is wrong');
      expect(messages[1]).toMatch(/[\u4e00-\u9fff]/);
      expect(messages[4]).toMatch(/[\u0600-\u06ff]/);
      const field = await t
        .http()
        .post('/swx/customer/login/sendCode')
        .set('lang', 'de')
        .send({ type: 'x', account: 'a', scene: 'register' });
      expect(field.body.result[0].message).not.toBe('Please choose a registration method (mobile or e-mail)');
    });
  });
});
