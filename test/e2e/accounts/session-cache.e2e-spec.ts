import { randomBytes } from 'node:crypto';
import { waitFor } from '../market/market-support';
import { adminToken, tick } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Each process remembers live customer sessions (CustomerSessionCache) so that a request does not
// read its session row every time. Two apps on one database and one Redis prefix stand for two
// processes of a deployment: what one revokes, the other refuses at once.
describe('remembered customer sessions across processes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const shared = {
      REDIS_PREFIX: `test-${process.env.TEST_RUN_ID}-sessions-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      MARKET_SOURCES: 'none',
    };
    a = await createTestApp(shared);
    b = await createTestApp(shared);
    await tick(a, 'BTCUSDT', '65000');
    await tick(b, 'BTCUSDT', '65000');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const info = (t: TestApp, u: RegisteredUser) =>
    t.http().post('/swx/customer/user/getUserInfo').set(bearer(u.token)).send({});
  /** Within 1 s: the other process hears of the change through Redis pub/sub. */
  const refusedOn = (t: TestApp, u: RegisteredUser) =>
    waitFor(async () => (await info(t, u)).body.code === 401, 1_000, 'the session refused');

  it('serves a session from memory: a revocation that bypasses the service is not seen (why every revocation goes through it)', async () => {
    const user = await registerUser(a);
    expect((await info(b, user)).body.code).toBe(200);
    // Straight in the table, as no code of the platform does: process b still remembers the session.
    await b.db.query(`UPDATE accounts.sessions SET revoked_at = now() WHERE subject_id = $1`, [user.id]);
    expect((await info(b, user)).body.code).toBe(200);
    // A process that had not remembered it reads the row.
    const c = await createTestApp({ JWT_SECRET: a.config.jwtSecret, MARKET_SOURCES: 'none' });
    try {
      expect((await info(c, user)).body.code).toBe(401);
    } finally {
      await c.close();
    }
  });

  it('logout in one process: the other refuses the token', async () => {
    const user = await registerUser(a);
    expect((await info(b, user)).body.code).toBe(200);
    expect((await info(a, user)).body.code).toBe(200);
    const out = await a.http().post('/swx/customer/login/logout').set(bearer(user.token)).send({});
    expect(out.body.code).toBe(200);
    expect((await info(a, user)).body.code).toBe(401);
    await refusedOn(b, user);
  });

  it('a password change in one process: every session of the user is refused in the other', async () => {
    const user = await registerUser(a);
    const second = await a
      .http()
      .post('/swx/customer/login/login')
      .send({ account: user.email, password: user.password });
    expect(second.body.code).toBe(200);
    const other = { ...user, token: second.body.result.token as string };
    expect((await info(b, user)).body.code).toBe(200);
    expect((await info(b, other)).body.code).toBe(200);
    const changed = await a
      .http()
      .post('/swx/customer/user/repassword')
      .set(bearer(user.token))
      .send({ oldPassword: user.password, newPassword: 'another good password' });
    expect(changed.body.code).toBe(20005);
    await refusedOn(b, user);
    await refusedOn(b, other);
    expect((await info(a, other)).body.code).toBe(401);
  });

  it('a freeze by an operator in one process: the user is refused in the other', async () => {
    const user = await registerUser(a);
    expect((await info(b, user)).body.code).toBe(200);
    const frozen = await a
      .http()
      .post(`/swx/admin/users/${user.id}/freeze`)
      .set(bearer(await adminToken(a)))
      .send({ reason: 'session cache test' });
    expect(frozen.body.code).toBe(200);
    await refusedOn(b, user);
  });

  it('the demo book disabled in one process: the other refuses demo orders at once, and accepts them again when enabled', async () => {
    const user = await registerUser(a);
    const order = () =>
      b
        .http()
        .post('/swx/customer/order/buyU')
        .set({ ...bearer(user.token), virtually: 'NO' })
        .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 });
    expect((await order()).body.code).toBe(20004);
    const admin = await adminToken(a);
    const set = (action: 'disableDemo' | 'enableDemo') =>
      a
        .http()
        .post(`/swx/admin/users/${user.id}/${action}`)
        .set(bearer(admin))
        .send({ reason: 'session cache test' });
    expect((await set('disableDemo')).body.code).toBe(200);
    await waitFor(async () => (await order()).body.code === 10094, 1_000, 'demo orders refused');
    expect((await info(b, user)).body.result.demoDisabled).toBe(true);
    expect((await set('enableDemo')).body.code).toBe(200);
    await waitFor(async () => (await order()).body.code === 20004, 1_000, 'demo orders accepted');
  });
});
