import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { PriceService } from '@app/market';
import { PositionEngine } from '@app/orders/u-orders/position-engine.service';
import { QueueName } from '@app/queue';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { demo, tick } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * After a restart the engine first catches up with what the market did while it was down, closing
 * each order at the price of its own recorded tick. The periodic sweep checks the live orders
 * against the current quote: run before the catch-up is done, it would close an order that the
 * catch-up is about to close at its historical trigger at today's price instead. The sweep waits.
 * The catch-up is held (a row lock on the first order it closes) so that the sweep surely runs
 * meanwhile. LTCUSDT: spread 0.02; AVAXUSDT: spread 0.01, 3 decimals (bid = price - 0.005).
 */
describe('position engine restart: the sweep waits for the catch-up', () => {
  let t: TestApp;
  let engine: PositionEngine;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    engine = t.app.get(PositionEngine, { strict: false });
    // No sweep job: the test runs the sweep itself, at the moment it wants.
    await t.app.get<Queue>(getQueueToken(QueueName.Trading)).pause();
  });
  afterAll(async () => {
    await t.app.get<Queue>(getQueueToken(QueueName.Trading)).resume();
    await t.close();
  });

  const buyU = async (headers: Record<string, string>, body: object) => {
    const res = await t.http().post(`${ORDER}/buyU`).set(headers).send(body);
    if (res.body.code !== 20004) throw new Error(JSON.stringify(res.body));
    return res.body.result as { id: string };
  };
  const getOrder = async (user: RegisteredUser, id: string) =>
    (await t.http().get(`${ORDER}/getUOrderById/${id}`).set(demo(user))).body.result;

  it('closes at the recorded trigger, not at the quote of a sweep that ran during the catch-up', async () => {
    const user = await registerUser(t);
    await tick(t, 'LTCUSDT', '80');
    await tick(t, 'AVAXUSDT', '35');
    const base = { direction: 'buy', lots: '10', leverage: 2 };
    // The catch-up closes LTCUSDT's first (the lower id): it is the one held.
    const held = await buyU(demo(user), { ...base, code: 'LTCUSDT', stopLoss: '74' });
    const order = await buyU(demo(user), { ...base, code: 'AVAXUSDT', stopLoss: '32' });

    await engine.onModuleDestroy();
    const prices = t.app.get(PriceService);
    const at = Date.now();
    // LTCUSDT goes through its stop-loss and back; AVAXUSDT through its stop-loss and further down.
    for (const [i, [code, price]] of [
      ['LTCUSDT', '73'],
      ['LTCUSDT', '80'],
      ['AVAXUSDT', '31'],
      ['AVAXUSDT', '30'],
    ].entries()) {
      expect(await prices.publishTick({ code, price, ts: at + i * 10 })).not.toBeNull();
    }
    // The catch-up reads the ticks up to its own start: the last one must be in the past by then
    // (on a quick machine the restart began within 20 ms and missed AVAXUSDT's trigger).
    await new Promise((r) => setTimeout(r, Math.max(0, at + 50 - Date.now())));

    const lock = t.db.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    let sweeping: Promise<number> | undefined;
    try {
      await lock.query(`SELECT id FROM orders.u_orders WHERE id = $1 FOR UPDATE`, [held.id]);
      await engine.onApplicationBootstrap();
      await new Promise((r) => setTimeout(r, 300));
      // The sweep job comes while the catch-up is held.
      sweeping = engine.sweep();
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await getOrder(user, order.id)).state).toBe('open');
    } finally {
      await lock.rollbackTransaction();
      await lock.release();
    }
    // Once the catch-up is done, the sweep finds nothing more to do.
    expect(await sweeping).toBe(0);

    const closed = (id: string) =>
      waitFor(async () => {
        const o = await getOrder(user, id);
        return o.state === 'closed' ? o : null;
      });
    expect(await closed(order.id)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '30.995',
      closePriceSource: 'tick',
      closePriceAt: new Date(at + 20).toISOString(),
    });
    expect(await closed(held.id)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '72.99',
      closePriceSource: 'tick',
      closePriceAt: new Date(at).toISOString(),
    });
  });
});
