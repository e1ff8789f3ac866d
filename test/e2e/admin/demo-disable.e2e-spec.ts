import { randomUUID } from 'node:crypto';
import { Clock, hashSecret } from '@app/common';
import { waitFor } from '../market/market-support';
import { createPair, type TestPair } from '../spot/spot-support';
import { demo, fundReal, real, tick, userBalance } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName, type RegisteredUser } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const ORDER = '/swx/customer/order';

// Issue 13, item 3: an operator disables (and enables again) the demo book of a user, with a
// reason, audited. While disabled, the demo book can be read but every request that moves money
// on it answers 10094 in the caller's language; the real book is not touched.
describe('disabling the demo book of a user', () => {
  let t: TestApp;
  let operator: string;
  let reviewer: string;
  let pair: TestPair;

  async function adminWithRoles(roles: string): Promise<string> {
    const email = `${uniqueName('demo-adm')}@example.com`;
    const password = 'demo-disable-admin-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    const res = await t.http().post('/swx/admin/login').send({ email, password });
    if (res.body.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
    return res.body.result.token as string;
  }

  beforeAll(async () => {
    // Prices only from the ticks this file publishes.
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    await tick(t, 'BTCUSDT', '65000');
    pair = await createPair(t);
    operator = await adminWithRoles('{operator}');
    reviewer = await adminWithRoles('{reviewer}');
  });
  afterAll(async () => {
    t.app.get(Clock).set(new Date());
    await t.close();
  });

  const setDemo = (token: string, user: RegisteredUser, action: 'disableDemo' | 'enableDemo', body: object) =>
    t.http().post(`/swx/admin/users/${user.id}/${action}`).set(bearer(token)).send(body);
  const buyU = (headers: Record<string, string>, key?: string) => {
    const req = t.http().post(`${ORDER}/buyU`).set(headers);
    if (key) void req.set('Idempotency-Key', key);
    return req.send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 });
  };
  const stopAndWait = async (headers: Record<string, string>, id: string) => {
    expect((await t.http().post(`${ORDER}/stopU`).set(headers).send({ orderId: id })).body.code).toBe(20005);
    await waitFor(
      async () =>
        (await t.http().get(`${ORDER}/getUOrderById/${id}`).set(headers)).body.result.state === 'closed',
      15_000,
      `order ${id} closed`,
    );
  };
  const submitSpot = (headers: Record<string, string>) =>
    t
      .http()
      .post(`${ORDER}/submit`)
      .set(headers)
      .send({ symbol: pair.symbol, side: 'buy', type: 'limit', price: '1', quantity: '1' });

  it('only operators (and super-admins), with a reason; safe twice; audited once each way', async () => {
    const user = await registerUser(t);
    expect(
      (await setDemo(reviewer, user, 'disableDemo', { reason: 'abuse of the demo book' })).body.code,
    ).toBe(403);
    expect(
      (await t.http().post(`/swx/admin/users/${user.id}/disableDemo`).send({ reason: 'x-y-z' })).body.code,
    ).toBe(401);
    expect((await setDemo(operator, user, 'disableDemo', {})).body).toMatchObject({
      code: 400,
      result: [{ field: 'reason' }],
    });
    expect((await setDemo(operator, user, 'disableDemo', { reason: '  ' })).body.code).toBe(400);
    expect(
      (
        await t
          .http()
          .post('/swx/admin/users/00000000-0000-4000-8000-000000000000/disableDemo')
          .set(bearer(operator))
          .send({ reason: 'unknown user' })
      ).body.code,
    ).toBe(404);

    const disabled = await setDemo(operator, user, 'disableDemo', { reason: 'abuse of the demo book' });
    expect(disabled.body).toMatchObject({ code: 200, result: { id: user.id, demoEnabled: false } });
    const again = await setDemo(operator, user, 'disableDemo', { reason: 'abuse of the demo book' });
    expect(again.body).toMatchObject({ code: 200, result: { demoEnabled: false } });
    const shown = await t.http().get(`/swx/admin/users/${user.id}`).set(bearer(reviewer));
    expect(shown.body.result).toMatchObject({ demoEnabled: false, demoDisabledAt: expect.any(String) });

    const enabled = await setDemo(operator, user, 'enableDemo', { reason: 'cleared after review' });
    expect(enabled.body).toMatchObject({ code: 200, result: { demoEnabled: true } });
    expect((await setDemo(operator, user, 'enableDemo', { reason: 'cleared after review' })).body.code).toBe(
      200,
    );
    expect(
      (await t.http().get(`/swx/admin/users/${user.id}`).set(bearer(reviewer))).body.result,
    ).toMatchObject({
      demoEnabled: true,
      demoDisabledAt: null,
    });

    const rows = await t.db.query<{ action: string; detail: Record<string, unknown> }[]>(
      `SELECT action, detail FROM accounts.admin_audit WHERE target_type = 'user' AND target_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows).toEqual([
      {
        action: 'user.demo_disabled',
        detail: {
          reason: 'abuse of the demo book',
          before: { demoEnabled: true },
          after: { demoEnabled: false },
        },
      },
      {
        action: 'user.demo_enabled',
        detail: {
          reason: 'cleared after review',
          before: { demoEnabled: false },
          after: { demoEnabled: true },
        },
      },
    ]);
  });

  it('while disabled: demo money moves answer 10094 (localized), reads work, the real book trades; enabled again: the demo trades', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '1000');
    const noHeader = bearer(user.token);
    expect(
      (await t.http().post('/swx/customer/user/getUserInfo').set(demo(user))).body.result.demoDisabled,
    ).toBe(false);
    expect((await setDemo(operator, user, 'disableDemo', { reason: 'demo book misuse' })).body.code).toBe(
      200,
    );

    // Money moves on the demo book (header NO, or no header at all): refused with the new code.
    const key = randomUUID();
    const refused = await buyU(demo(user), key);
    expect(refused.body).toMatchObject({ code: 10094, result: null });
    expect(refused.body.message).toMatch(/demo account has been disabled/i);
    const zh = await buyU({ ...demo(user), lang: 'zh' });
    expect(zh.body).toMatchObject({ code: 10094, message: expect.stringContaining('模拟账户已被停用') });
    expect((await buyU(noHeader)).body.code).toBe(10094);
    expect((await submitSpot(demo(user))).body.code).toBe(10094);
    const smart = await t
      .http()
      .post(`${ORDER}/buySmart`)
      .set(demo(user))
      .send({ productId: 1, amount: '100', days: 1 });
    expect(smart.body.code).toBe(10094);
    const exchange = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(noHeader)
      .send({ from: 'USDT', to: 'BTC', amount: '10' });
    expect(exchange.body.code).toBe(10094);
    // Nothing moved on the demo book.
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');
    expect(await userBalance(t, user, 'demo', 'frozen')).toBe('0');

    // Reads of the demo book still answer, and getUserInfo tells the client.
    const info = await t.http().post('/swx/customer/user/getUserInfo').set(demo(user));
    expect(info.body).toMatchObject({ code: 200, result: { book: 'demo', demoDisabled: true } });
    expect(info.body.result.balances).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USDT', available: '100000' })]),
    );
    expect((await t.http().get(`${ORDER}/listUOrder`).set(demo(user))).body.code).toBe(200);
    expect((await t.http().get(`${ORDER}/listBbOrder`).set(demo(user))).body.code).toBe(200);
    expect((await t.http().get('/swx/customer/user/listCoinAccounts').set(demo(user))).body.code).toBe(200);

    // The real book is not touched.
    const realInfo = await t.http().post('/swx/customer/user/getUserInfo').set(real(user));
    expect(realInfo.body.result).toMatchObject({ book: 'real', demoDisabled: true });
    const realOrder = await buyU(real(user));
    expect(realOrder.body).toMatchObject({ code: 20004, result: { book: 'real', state: 'open' } });
    await stopAndWait(real(user), realOrder.body.result.id as string);

    // Another user's demo book is not touched.
    const other = await registerUser(t);
    const otherOrder = await buyU(demo(other));
    expect(otherOrder.body).toMatchObject({ code: 20004, result: { book: 'demo' } });
    await stopAndWait(demo(other), otherOrder.body.result.id as string);

    // Enabled again: the demo book trades, and the refused request's key was not spent by the refusal.
    expect((await setDemo(operator, user, 'enableDemo', { reason: 'misuse cleared' })).body.code).toBe(200);
    expect(
      (await t.http().post('/swx/customer/user/getUserInfo').set(demo(user))).body.result.demoDisabled,
    ).toBe(false);
    const retried = await buyU(demo(user), key);
    expect(retried.body).toMatchObject({ code: 20004, result: { book: 'demo', state: 'open' } });
    await stopAndWait(demo(user), retried.body.result.id as string);
  });

  it('while disabled: what the user holds on the demo book can still be wound down (close a position, cancel an order)', async () => {
    const user = await registerUser(t);
    const position = await buyU(demo(user));
    expect(position.body).toMatchObject({ code: 20004, result: { book: 'demo', state: 'open' } });
    const spotOrder = await submitSpot(demo(user));
    expect(spotOrder.body.code).toBe(200);
    expect(await userBalance(t, user, 'demo', 'frozen')).not.toBe('0');
    expect((await setDemo(operator, user, 'disableDemo', { reason: 'demo book misuse' })).body.code).toBe(
      200,
    );

    // Nothing new: still refused.
    expect((await buyU(demo(user))).body.code).toBe(10094);
    expect((await submitSpot(demo(user))).body.code).toBe(10094);
    // Winding down is allowed: the position closes and the coin order's hold returns.
    await stopAndWait(demo(user), position.body.result.id as string);
    const cancelled = await t
      .http()
      .post(`${ORDER}/chedan`)
      .set(demo(user))
      .send({ orderId: spotOrder.body.result.id });
    expect(cancelled.body.code).toBe(20005);
    await waitFor(
      async () => (await userBalance(t, user, 'demo', 'frozen')) === '0',
      15_000,
      'the spot hold returned',
    );
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('0');
  });
});
