import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Clock } from '@app/common';
import { JobName, QueueName } from '@app/queue';
import { waitFor } from '../market/market-support';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { adminToken, demo, fundReal, real, tick, userBalance } from './trading-support';

const ORDER = '/swx/customer/order';

/* Prices move only by the ticks the tests publish (MARKET_SOURCES=none); the clock is moved past expiry. */
describe('options orders /swx/customer/order', () => {
  let t: TestApp;
  let queue: Queue;
  let clock: Clock;
  let products: { id: number; periodSeconds: number; payoutRate: string; minAmount: string }[];

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    queue = t.app.get<Queue>(getQueueToken(QueueName.Trading));
    clock = t.app.get(Clock);
    await tick(t, 'BTCUSDT', '65000');
    products = (await t.http().get(`${ORDER}/listOptionsProducts`)).body.result;
  });
  afterAll(async () => {
    clock.set(new Date());
    await t.close();
  });

  const buy = (headers: Record<string, string>, body: object) =>
    t.http().post(`${ORDER}/buyOptions`).set(headers).send(body);
  const getOrder = async (headers: Record<string, string>, id: string) =>
    (await t.http().get(`${ORDER}/getOptionsOrderById/${id}`).set(headers)).body.result;
  /** Moves the clock past the expiry and lets the order's own delayed job run now. */
  async function expire(id: string, seconds: number) {
    clock.advance((seconds + 1) * 1000);
    const job = await queue.getJob(`options-settle-${id}`);
    expect(job).toBeTruthy();
    await job!.promote();
  }
  const settled = (headers: Record<string, string>, id: string) =>
    waitFor(async () => {
      const o = await getOrder(headers, id);
      return o.state !== 'open' ? o : null;
    });

  it('lists the seeded products: 30, 60, 120 and 300 seconds with their payout rates', () => {
    expect(products.map((p) => p.periodSeconds)).toEqual([30, 60, 120, 300]);
    expect(products[0]).toMatchObject({ payoutRate: '0.7', payoutPercent: '70', minAmount: '10' });
  });

  it('answers 10014, 10016, 10092 and 400 for a wrong product, amount, balance or body', async () => {
    const user = await registerUser(t);
    const p = products[0];
    const body = { code: 'BTCUSDT', productId: p.id, direction: 'up', amount: '100' };
    expect((await buy(demo(user), { ...body, productId: 9999 })).body.code).toBe(10014);
    expect((await buy(demo(user), { ...body, amount: '9.99' })).body.code).toBe(10016);
    expect((await buy(demo(user), { ...body, amount: '10001' })).body.code).toBe(10016);
    expect((await buy(demo(user), { ...body, direction: 'sideways' })).body.code).toBe(400);
    expect((await buy(real(user), body)).body.code).toBe(10092);
    expect((await buy({}, body)).body.code).toBe(401);
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');
  });

  it('a won option pays stake x (1 + rate) at expiry, by its delayed job, at the feed price then', async () => {
    const user = await registerUser(t);
    const p = products[0];
    const bought = await buy(demo(user), {
      code: 'BTCUSDT',
      productId: p.id,
      direction: 'up',
      amount: '100',
    });
    expect(bought.body).toMatchObject({
      code: 20004,
      result: { state: 'open', openPrice: '65000', amount: '100', payoutIfWon: '170', remainingSeconds: 30 },
    });
    const id = bought.body.result.id as string;
    expect(await userBalance(t, user, 'demo', 'available')).toBe('99900');
    expect(await userBalance(t, user, 'demo', 'options_stake')).toBe('100');

    // The job is refused before the expiry: it goes back to wait.
    await (await queue.getJob(`options-settle-${id}`))!.promote();
    await new Promise((r) => setTimeout(r, 300));
    expect((await getOrder(demo(user), id)).state).toBe('open');

    await tick(t, 'BTCUSDT', '65010');
    await expire(id, p.periodSeconds);
    const won = await settled(demo(user), id);
    expect(won).toMatchObject({
      state: 'won',
      settlePrice: '65010',
      settlePriceSource: 'tick',
      payout: '170',
      profit: '70',
    });
    expect(won.settlePriceAt).toBeTruthy();
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100070');
    expect(await userBalance(t, user, 'demo', 'options_stake')).toBe('0');
  });

  it('a lost option keeps the stake; the same price returns it', async () => {
    const user = await registerUser(t);
    const p = products[1];
    await tick(t, 'BTCUSDT', '65000');
    const down = (
      await buy(demo(user), { code: 'BTCUSDT', productId: p.id, direction: 'down', amount: '200' })
    ).body.result;
    const flat = (await buy(demo(user), { code: 'BTCUSDT', productId: p.id, direction: 'up', amount: '50' }))
      .body.result;
    await tick(t, 'BTCUSDT', '65000');
    await expire(flat.id, p.periodSeconds);
    expect(await settled(demo(user), flat.id)).toMatchObject({ state: 'draw', payout: '50', profit: '0' });
    await tick(t, 'BTCUSDT', '65020');
    const job = await queue.getJob(`options-settle-${down.id}`);
    await job!.promote();
    expect(await settled(demo(user), down.id)).toMatchObject({ state: 'lost', payout: '0', profit: '-200' });
    expect(await userBalance(t, user, 'demo', 'available')).toBe('99800');
    const history = (await t.http().get(`${ORDER}/listOptionsOrder?state=history`).set(demo(user))).body
      .result;
    expect(history.total).toBe(2);
    expect(
      (await t.http().get(`${ORDER}/listOptionsOrder?state=current`).set(demo(user))).body.result.total,
    ).toBe(0);
  });

  it('an order whose job was lost is settled once by the sweep; books and owners are kept apart', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '500');
    const p = products[0];
    await tick(t, 'BTCUSDT', '65000');
    const order = (
      await buy(real(user), { code: 'BTCUSDT', productId: p.id, direction: 'down', amount: '500' })
    ).body.result;
    expect((await getOrder(demo(user), order.id)) ?? null).toBeNull();
    const stranger = await registerUser(t);
    expect(
      (await t.http().get(`${ORDER}/getOptionsOrderById/${order.id}`).set(real(stranger))).body.code,
    ).toBe(404);
    // Redis lost the job: the sweep finds the order past its expiry and queues it again.
    await (await queue.getJob(`options-settle-${order.id}`))!.remove();
    await tick(t, 'BTCUSDT', '64990');
    clock.advance((p.periodSeconds + 1) * 1000);
    await queue.add(JobName.TradingSweep, {});
    await waitForQueuesDrained(t, [QueueName.Trading]);
    const won = await settled(real(user), order.id);
    expect(won).toMatchObject({ state: 'won', payout: '850' });
    // A second settlement job finds nothing to do.
    await queue.add(JobName.OptionsSettle, { orderId: order.id }, { jobId: `again-${order.id}` });
    await waitForQueuesDrained(t, [QueueName.Trading]);
    expect(await userBalance(t, user, 'real', 'available')).toBe('850');
    const postings: { n: string }[] = await t.db.query(
      `SELECT count(*)::text AS n FROM ledger.transfers tr JOIN ledger.journal j ON j.id = tr.journal_id WHERE j.idempotency_key = $1`,
      [`options-settle-${order.id}`],
    );
    // One settlement: the stake back and the winnings, two legs of one journal entry.
    expect(postings[0].n).toBe('2');
  });

  it('refuses a closed market with 10015; concurrent stakes never spend the same balance twice', async () => {
    const user = await registerUser(t);
    const p = products[0];
    clock.set(new Date('2024-06-15T12:00:00Z')); // a Saturday: forex is closed
    try {
      const closed = await buy(demo(user), {
        code: 'EURUSD',
        productId: p.id,
        direction: 'up',
        amount: '100',
      });
      expect(closed.body).toMatchObject({ code: 10015 });
    } finally {
      clock.set(new Date());
    }
    // 250 on the real book: of five stakes of 100 sent at once, two are taken, three refused (10092).
    await fundReal(t, user, '250');
    await tick(t, 'BTCUSDT', '65000');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        buy(real(user), { code: 'BTCUSDT', productId: p.id, direction: 'up', amount: '100' }),
      ),
    );
    const codes = results.map((r) => r.body.code as number).sort();
    expect(codes).toEqual([10092, 10092, 10092, 20004, 20004]);
    expect(await userBalance(t, user, 'real', 'available')).toBe('50');
    expect(await userBalance(t, user, 'real', 'options_stake')).toBe('200');
    // The demo book was not touched.
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');
    // Settle them (a draw: the stakes return) so that nothing is left open.
    clock.advance((p.periodSeconds + 1) * 1000);
    for (const r of results.filter((x) => x.body.code === 20004)) {
      await (await queue.getJob(`options-settle-${r.body.result.id}`))!.promote();
      expect(await settled(real(user), r.body.result.id as string)).toMatchObject({ state: 'draw' });
    }
    expect(await userBalance(t, user, 'real', 'available')).toBe('250');
  });

  it('admins edit products (audited) and list every order (ra-data-simple-rest)', async () => {
    const token = await adminToken(t);
    const admin = { Authorization: `Bearer ${token}` };
    const created = await t.http().post('/swx/admin/options-products').set(admin).send({
      name: '90 seconds',
      periodSeconds: 90,
      payoutRate: '0.78',
      minAmount: '10',
      maxAmount: '1000',
    });
    expect(created.body).toMatchObject({ code: 200, result: { periodSeconds: 90, payoutRate: '0.78' } });
    const id = created.body.result.id as number;
    const bad = await t
      .http()
      .post('/swx/admin/options-products')
      .set(admin)
      .send({ name: 'x', periodSeconds: 90, payoutRate: '0.78', minAmount: '100', maxAmount: '10' });
    expect(bad.body.code).toBe(400);
    const updated = await t
      .http()
      .put(`/swx/admin/options-products/${id}`)
      .set(admin)
      .send({ active: false });
    expect(updated.body.result).toMatchObject({ active: false });
    const audit: { action: string }[] = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'options_product' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['options_product.created', 'options_product.updated']);
    expect(
      (await t.http().get(`${ORDER}/listOptionsProducts`)).body.result.map((p: { id: number }) => p.id),
    ).not.toContain(id);

    const list = await t
      .http()
      .get(`/swx/admin/options-orders?range=${encodeURIComponent('[0,1]')}`)
      .set(admin);
    expect(list.headers['content-range']).toMatch(/^options-orders 0-1\/\d+$/);
    expect(list.body.result[0]).toHaveProperty('userId');
    const user = await registerUser(t);
    expect((await t.http().get('/swx/admin/options-orders').set(demo(user))).body.code).toBe(401);
  });
});
