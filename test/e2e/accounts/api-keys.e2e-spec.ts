import { createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

interface CreatedKey {
  keyId: string;
  secret: string;
  scopes: string[];
}

describe('API keys /swx/customer/user/apiKeys and signed requests', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.token}` });
  const createKey = (user: RegisteredUser, body: object) =>
    t.http().post('/swx/customer/user/apiKeys').set(bearer(user)).send(body);
  async function newKey(user: RegisteredUser, body: object): Promise<CreatedKey> {
    const res = await createKey(user, { label: 'bot', ...body });
    expect(res.body.code).toBe(200);
    return res.body.result as CreatedKey;
  }

  /** What an integrator does: HMAC-SHA256 over timestamp, method, path with query and body. */
  function signed(
    key: CreatedKey,
    method: 'GET' | 'POST',
    path: string,
    body = '',
    options: { timestamp?: number; secret?: string; sendBody?: string } = {},
  ) {
    const timestamp = String(options.timestamp ?? clock.now().getTime());
    const signature = createHmac('sha256', options.secret ?? key.secret)
      .update(`${timestamp}\n${method}\n${path}\n${body}`)
      .digest('hex');
    const headers = {
      'X-SWX-APIKEY': key.keyId,
      'X-SWX-TIMESTAMP': timestamp,
      'X-SWX-SIGNATURE': signature,
    };
    const req = method === 'GET' ? t.http().get(path) : t.http().post(path);
    req.set(headers);
    if (method === 'POST') req.set('content-type', 'application/json').send(options.sendBody ?? body);
    return req;
  }
  const userInfo = (key: CreatedKey, options = {}) =>
    signed(key, 'POST', '/swx/customer/user/getUserInfo', '{}', options);

  describe('create, list, revoke', () => {
    it('401 without a session; 400 for bad scopes and a bad allowlist entry', async () => {
      expect(
        (
          await t
            .http()
            .post('/swx/customer/user/apiKeys')
            .send({ label: 'x', scopes: ['read'] })
        ).body.code,
      ).toBe(401);
      const user = await registerUser(t);
      expect((await createKey(user, { label: 'x', scopes: [] })).body).toMatchObject({
        code: 400,
        result: [{ field: 'scopes' }],
      });
      expect((await createKey(user, { label: 'x', scopes: ['admin'] })).body).toMatchObject({
        code: 400,
        result: [{ field: 'scopes' }],
      });
      const bad = await createKey(user, { label: 'x', scopes: ['read'], ipAllowlist: ['10.0.0.0/33'] });
      expect(bad.body).toMatchObject({
        code: 400,
        result: [{ field: 'ipAllowlist', message: '10.0.0.0/33 is not an IP address or a network (CIDR)' }],
      });
    });

    it('the withdraw scope needs 2FA on and a current code', async () => {
      const user = await registerUser(t);
      const no2fa = await createKey(user, { label: 'w', scopes: ['read', 'withdraw'] });
      expect(no2fa.body).toMatchObject({
        code: 400,
        result: [
          {
            field: 'scopes',
            message: 'Turn on two-factor authentication before creating a key with the withdraw scope',
          },
        ],
      });
      const setup = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user));
      const secret = setup.body.result.secret as string;
      const totp = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
      expect(
        (
          await t
            .http()
            .post('/swx/customer/user/2fa/enable')
            .set(bearer(user))
            .send({ code: await totp() })
        ).body.code,
      ).toBe(200);
      clock.advance(30_000);
      expect((await createKey(user, { label: 'w', scopes: ['withdraw'] })).body).toMatchObject({
        code: 400,
        result: [{ field: 'totpCode' }],
      });
      expect(
        (await createKey(user, { label: 'w', scopes: ['withdraw'], totpCode: '000000' })).body.code,
      ).toBe(10091);
      const ok = await createKey(user, { label: 'w', scopes: ['withdraw'], totpCode: await totp() });
      expect(ok.body.code).toBe(200);
      expect(ok.body.result.scopes).toEqual(['withdraw']);
    });

    it('shows the secret once, keeps it only encrypted, lists and revokes', async () => {
      const user = await registerUser(t);
      const res = await createKey(user, {
        label: 'my bot',
        scopes: ['trade', 'read'],
        ipAllowlist: ['127.0.0.1', '::1', '10.1.0.0/16'],
      });
      expect(res.body.code).toBe(200);
      const key = res.body.result;
      expect(key).toMatchObject({
        keyId: expect.stringMatching(/^ak_[0-9a-f]{32}$/),
        secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        label: 'my bot',
        scopes: ['read', 'trade'],
        ipAllowlist: ['127.0.0.1', '::1', '10.1.0.0/16'],
        revokedAt: null,
      });
      const [row] = await t.db.query('SELECT secret_box FROM accounts.api_keys WHERE id = $1', [key.keyId]);
      expect(row.secret_box).toMatch(/^v1\./);
      expect(row.secret_box).not.toContain(key.secret);

      const list = await t.http().get('/swx/customer/user/apiKeys').set(bearer(user));
      expect(list.body.result).toEqual([
        expect.objectContaining({ keyId: key.keyId, label: 'my bot', lastUsedAt: null, revokedAt: null }),
      ]);
      expect(JSON.stringify(list.body.result)).not.toContain(key.secret);
      // Another user neither sees nor revokes it.
      const other = await registerUser(t);
      expect((await t.http().get('/swx/customer/user/apiKeys').set(bearer(other))).body.result).toEqual([]);
      const foreign = await t
        .http()
        .post(`/swx/customer/user/apiKeys/${key.keyId}/revoke`)
        .set(bearer(other));
      expect(foreign.body.code).toBe(404);

      expect((await userInfo(key)).body.code).toBe(200);
      const revoked = await t.http().post(`/swx/customer/user/apiKeys/${key.keyId}/revoke`).set(bearer(user));
      expect(revoked.body.result.revokedAt).toEqual(expect.any(String));
      const after = await userInfo(key);
      expect(after.body).toMatchObject({
        code: 401,
        message: 'The API key is unknown or revoked, or the signed request is incomplete',
      });
    });
  });

  describe('signed requests', () => {
    let user: RegisteredUser;
    let readKey: CreatedKey;
    let tradeKey: CreatedKey;
    beforeAll(async () => {
      user = await registerUser(t);
      readKey = await newKey(user, { scopes: ['read'] });
      tradeKey = await newKey(user, { scopes: ['trade'] });
    });

    it('a signed request authenticates as the owner: a POST that reads and a GET with a query', async () => {
      const info = await userInfo(readKey);
      expect(info.body.code).toBe(200);
      expect(info.body.result).toMatchObject({ id: user.id, username: user.username });
      const list = await signed(readKey, 'GET', '/swx/customer/user/listWithdrwal?pageNum=1&pageSize=5');
      expect(list.body).toMatchObject({ code: 200, result: { list: [], total: 0 } });
      const [row] = await t.db.query('SELECT last_used_at FROM accounts.api_keys WHERE id = $1', [
        readKey.keyId,
      ]);
      expect(row.last_used_at).not.toBeNull();
    });

    it("a frozen account's keys are refused until it is unfrozen", async () => {
      const owner = await registerUser(t);
      const key = await newKey(owner, { scopes: ['read'] });
      expect((await userInfo(key)).body.code).toBe(200);
      await t.db.query(`UPDATE accounts.users SET status = 'frozen' WHERE id = $1`, [owner.id]);
      expect((await userInfo(key)).body.code).toBe(401);
      await t.db.query(`UPDATE accounts.users SET status = 'active' WHERE id = $1`, [owner.id]);
      expect((await userInfo(key)).body.code).toBe(200);
    });

    it('a wrong signature is refused: another secret, a changed body, a changed query', async () => {
      const wrongSecret = await userInfo(readKey, { secret: tradeKey.secret });
      expect(wrongSecret.body).toMatchObject({ code: 401, message: 'The request signature is wrong' });
      const changedBody = await signed(readKey, 'POST', '/swx/customer/user/getUserInfo', '{}', {
        sendBody: '{"x":1}',
      });
      expect(changedBody.body).toMatchObject({ code: 401, message: 'The request signature is wrong' });
      const timestamp = clock.now().getTime();
      const signature = createHmac('sha256', readKey.secret)
        .update(`${timestamp}\nGET\n/swx/customer/user/listWithdrwal?pageNum=1\n`)
        .digest('hex');
      const changedQuery = await t
        .http()
        .get('/swx/customer/user/listWithdrwal?pageNum=2')
        .set({
          'X-SWX-APIKEY': readKey.keyId,
          'X-SWX-TIMESTAMP': String(timestamp),
          'X-SWX-SIGNATURE': signature,
        });
      expect(changedQuery.body).toMatchObject({ code: 401, message: 'The request signature is wrong' });
      const incomplete = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set({ 'X-SWX-APIKEY': readKey.keyId });
      expect(incomplete.body.code).toBe(401);
      const unknown = await userInfo({ ...readKey, keyId: `ak_${'0'.repeat(32)}` });
      expect(unknown.body.code).toBe(401);
    });

    it('a timestamp outside the 30-second window is refused, either side', async () => {
      const now = clock.now().getTime();
      const old = await userInfo(readKey, { timestamp: now - 31_000 });
      expect(old.body).toMatchObject({
        code: 401,
        message: 'The request timestamp is outside the allowed window, please check your clock',
      });
      expect((await userInfo(readKey, { timestamp: now + 31_000 })).body.code).toBe(401);
      expect((await userInfo(readKey, { timestamp: now - 20_000 })).body.code).toBe(200);
    });

    it('a replayed request is refused, even within the window', async () => {
      const timestamp = clock.now().getTime();
      const first = await userInfo(readKey, { timestamp });
      expect(first.body.code).toBe(200);
      const replay = await userInfo(readKey, { timestamp });
      expect(replay.body).toMatchObject({ code: 401, message: 'This signed request has already been used' });
      const parallel = await Promise.all(
        [1, 2, 3].map(() => userInfo(readKey, { timestamp: timestamp + 1 })),
      );
      expect(parallel.map((r) => r.body.code as number).sort()).toEqual([200, 401, 401]);
    });

    it('scopes are enforced: read, trade and session-only endpoints', async () => {
      const cancel = (key: CreatedKey) =>
        signed(key, 'POST', '/swx/customer/order/cancelU', JSON.stringify({ orderId: '999999999' }));
      const byReadKey = await cancel(readKey);
      expect(byReadKey.body).toMatchObject({
        code: 403,
        message: 'This API key is not allowed to use this endpoint',
      });
      // The trade key passes authentication: the order service answers about the order itself.
      const byTradeKey = await cancel(tradeKey);
      expect([401, 403]).not.toContain(byTradeKey.body.code);
      expect((await userInfo(tradeKey)).body.code).toBe(403);
      expect(
        (await signed(readKey, 'GET', '/swx/customer/user/listWithdrwal?pageNum=1&pageSize=5')).body.code,
      ).toBe(200);
      // Withdrawals need the withdraw scope; account changes and key management need a session.
      const withdrawal = await signed(
        readKey,
        'POST',
        '/swx/customer/user/withdrawal',
        JSON.stringify({ method: 'crypto', coin: 'USDT', amount: '10', withdrawPassword: 'x' }),
      );
      expect(withdrawal.body.code).toBe(403);
      expect((await signed(readKey, 'GET', '/swx/customer/user/apiKeys')).body.code).toBe(403);
      const widen = await signed(
        tradeKey,
        'POST',
        '/swx/customer/user/apiKeys',
        JSON.stringify({ label: 'more', scopes: ['read', 'trade'] }),
      );
      expect(widen.body.code).toBe(403);
      expect((await signed(readKey, 'POST', '/swx/customer/user/repassword', '{}')).body.code).toBe(403);
      expect(
        (
          await t.db.query('SELECT count(*)::int AS n FROM accounts.api_keys WHERE user_id = $1', [user.id])
        )[0].n,
      ).toBe(2);
    });

    it('an address outside the allowlist is refused; an allowed one passes', async () => {
      const elsewhere = await newKey(user, { scopes: ['read'], ipAllowlist: ['203.0.113.0/24'] });
      const refused = await userInfo(elsewhere);
      expect(refused.body).toMatchObject({
        code: 403,
        message: 'This API key may not be used from this IP address',
      });
      // X-Forwarded-For is not trusted (TRUST_PROXY is off): it cannot fake an allowed address.
      const timestamp = String(clock.now().getTime());
      const signature = createHmac('sha256', elsewhere.secret)
        .update(`${timestamp}\nPOST\n/swx/customer/user/getUserInfo\n{}`)
        .digest('hex');
      const spoofed = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set({
          'X-SWX-APIKEY': elsewhere.keyId,
          'X-SWX-TIMESTAMP': timestamp,
          'X-SWX-SIGNATURE': signature,
          'X-Forwarded-For': '203.0.113.9',
          'content-type': 'application/json',
        })
        .send('{}');
      expect(spoofed.body.code).toBe(403);
      const loopback = await newKey(user, { scopes: ['read'], ipAllowlist: ['127.0.0.0/8', '::1'] });
      expect((await userInfo(loopback)).body.code).toBe(200);
    });

    it('the OpenAPI document describes the signing scheme', async () => {
      const doc = await t.http().get('/swx/docs-json');
      expect(doc.status).toBe(200);
      const schemes = doc.body.components.securitySchemes;
      expect(schemes['api-key']).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-swx-apikey' });
      expect(schemes['api-key'].description).toContain('HMAC-SHA256');
      expect(schemes['api-signature']).toMatchObject({ name: 'x-swx-signature' });
      expect(doc.body.paths['/swx/customer/user/apiKeys'].post).toBeDefined();
    });
  });

  describe('password change and reset', () => {
    it("a password reset (forgotten password: perhaps a taken-over account) revokes the user's keys", async () => {
      const user = await registerUser(t);
      const key = await newKey(user, { scopes: ['read'] });
      expect((await userInfo(key)).body.code).toBe(200);
      await t
        .http()
        .post('/swx/customer/login/sendCode')
        .send({ type: 'email', account: user.email, scene: 'reset' });
      const reset = await t
        .http()
        .post('/swx/customer/login/resetPassword')
        .send({
          type: 'email',
          account: user.email,
          code: await lastCode(t, user.email),
          password: 'a brand new password',
        });
      expect(reset.body.code).toBe(20005);
      expect((await userInfo(key)).body).toMatchObject({ code: 401 });
      const login = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.username, password: 'a brand new password' });
      const listed = await t
        .http()
        .get('/swx/customer/user/apiKeys')
        .set({ Authorization: `Bearer ${login.body.result.token}` });
      expect(listed.body.result).toEqual([
        expect.objectContaining({ keyId: key.keyId, revokedAt: expect.any(String) }),
      ]);
    });

    it('a password change by the holder (who knows the old one) keeps the keys of their integrations', async () => {
      const user = await registerUser(t);
      const key = await newKey(user, { scopes: ['read'] });
      const changed = await t
        .http()
        .post('/swx/customer/user/repassword')
        .set(bearer(user))
        .send({ oldPassword: user.password, newPassword: 'another good password' });
      expect(changed.body.code).toBe(20005);
      expect((await userInfo(key)).body.code).toBe(200);
    });
  });
});
