import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { PriceService } from '@app/market';
import { PositionEngine } from '@app/orders/u-orders/position-engine.service';
import { QueueName, REDIS_CLIENT } from '@app/queue';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { demo, tick } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * A close (or the opening of a waiting order) that a tick triggers fails on a transient database
 * error, and the price moves back before the database recovers: the trigger must not be lost. The
 * engine tries again at the tick's own price, and until it succeeds that tick does not count as
 * processed, so a restart in between catches it up from the recorded ticks. The fault is real: a
 * row trigger on orders.u_orders refuses every UPDATE of the listed orders while they are listed.
 * LTCUSDT: spread 0.02 (bid = price - 0.01, ask = price + 0.01), contract size 1. No sweep job runs
 * (the queue is paused): only the engine may close.
 */
describe('position engine: a failed close is not lost', () => {
  let t: TestApp;
  let engine: PositionEngine;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    engine = t.app.get(PositionEngine, { strict: false });
    redis = t.app.get<Redis>(REDIS_CLIENT);
    await t.app.get<Queue>(getQueueToken(QueueName.Trading)).pause();
    await t.db.query(`CREATE TABLE public.test_failing_u_orders (id bigint PRIMARY KEY)`);
    await t.db.query(`
      CREATE FUNCTION public.test_fail_u_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM public.test_failing_u_orders WHERE id = NEW.id) THEN
          RAISE EXCEPTION 'injected fault on u_order %', NEW.id;
        END IF;
        RETURN NEW;
      END $$`);
    await t.db.query(`
      CREATE TRIGGER test_fail_u_order BEFORE UPDATE ON orders.u_orders
        FOR EACH ROW EXECUTE FUNCTION public.test_fail_u_order()`);
    await tick(t, 'LTCUSDT', '80');
  });
  afterAll(async () => {
    await t.db.query(`DROP TRIGGER IF EXISTS test_fail_u_order ON orders.u_orders`);
    await t.db.query(`DROP FUNCTION IF EXISTS public.test_fail_u_order()`);
    await t.db.query(`DROP TABLE IF EXISTS public.test_failing_u_orders`);
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
  const failing = async (...ids: string[]) => {
    for (const id of ids) await t.db.query(`INSERT INTO public.test_failing_u_orders VALUES ($1)`, [id]);
  };
  const healed = () => t.db.query(`DELETE FROM public.test_failing_u_orders`);
  /** Publishes ticks and waits until the engine has checked them. */
  async function ticks(at: number, ...prices: string[]) {
    const checked = engine.checkedTicks;
    const market = t.app.get(PriceService);
    for (const [i, price] of prices.entries())
      expect(await market.publishTick({ code: 'LTCUSDT', price, ts: at + i * 10 })).not.toBeNull();
    await waitFor(() => engine.checkedTicks >= checked + prices.length, 10_000, 'the ticks checked');
  }
  /** A long with a stop-loss at 74 and a limit buy at 76 (both triggered by a tick at 73). */
  async function orders(user: RegisteredUser) {
    await tick(t, 'LTCUSDT', '80');
    const base = { code: 'LTCUSDT', direction: 'buy', lots: '10', leverage: 2 };
    const stopped = await buyU(demo(user), { ...base, stopLoss: '74' });
    const limit = await buyU(demo(user), { ...base, limitPrice: '76' });
    return { stopped, limit };
  }
  async function journalKeys(...ids: string[]) {
    const rows: { key: string }[] = await t.db.query(
      `SELECT idempotency_key AS key FROM ledger.journal WHERE ref_type = 'u_order' AND ref_id = ANY($1::text[])`,
      [ids],
    );
    return rows.map((r) => r.key).sort();
  }
  const expectTriggeredAt = async (
    user: RegisteredUser,
    { stopped, limit }: { stopped: { id: string }; limit: { id: string } },
    at: number,
  ) => {
    const closed = await waitFor(
      async () => {
        const o = await getOrder(user, stopped.id);
        return o.state === 'closed' ? o : null;
      },
      15_000,
      'the stop-loss close',
    );
    expect(closed).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '72.99',
      closePriceSource: 'tick',
      closePriceAt: new Date(at).toISOString(),
    });
    const opened = await waitFor(
      async () => {
        const o = await getOrder(user, limit.id);
        return o.state === 'open' ? o : null;
      },
      15_000,
      'the limit order opened',
    );
    expect(opened).toMatchObject({
      // Its limit is 76; the tick of 73 (ask 73.01) gapped past it: filled there, the better price.
      openPrice: '73.01',
      openPriceSource: 'tick',
      openPriceAt: new Date(at).toISOString(),
    });
    // Once each.
    expect(await journalKeys(stopped.id, limit.id)).toEqual(
      [`u-close-${stopped.id}`, `u-hold-${limit.id}`, `u-open-${limit.id}`, `u-open-${stopped.id}`].sort(),
    );
  };

  it('tries again at the price of the tick that triggered, after the price moved back', async () => {
    const user = await registerUser(t);
    const placed = await orders(user);
    await failing(placed.stopped.id, placed.limit.id);
    const at = Date.now();
    // Down through the stop-loss and the limit (the close and the opening fail), then back up.
    await ticks(at, '73', '80');
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await getOrder(user, placed.stopped.id)).state).toBe('open');
    expect((await getOrder(user, placed.limit.id)).state).toBe('waiting');
    // The failed tick is not recorded as processed (a restart now would check it again).
    const processed = await redis.hget('trading:processed', 'LTCUSDT');
    expect(Number(processed)).toBeLessThan(at);

    await healed();
    await expectTriggeredAt(user, placed, at);
  });

  it('a restart before the database recovered catches the failed tick up', async () => {
    const user = await registerUser(t);
    const placed = await orders(user);
    await failing(placed.stopped.id, placed.limit.id);
    const at = Date.now();
    await ticks(at, '73', '80');
    await engine.onModuleDestroy();
    expect(Number(await redis.hget('trading:processed', 'LTCUSDT'))).toBeLessThan(at);
    expect((await getOrder(user, placed.stopped.id)).state).toBe('open');

    await healed();
    await engine.onApplicationBootstrap();
    await expectTriggeredAt(user, placed, at);
  });
});
