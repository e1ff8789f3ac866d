import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { PositionBook } from '@app/orders/u-orders/position-book';
import { PositionEngine } from '@app/orders/u-orders/position-engine.service';
import { QueueName } from '@app/queue';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { demo, tick } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * Two platform processes on one database and one Redis. Each position engine checks ticks against
 * its own book of live orders (no query per tick): what the other process opens and closes reaches
 * it through the order events. Here only A's engine listens to ticks (B's is stopped) and the sweep
 * job is paused, so a close at a tick is A's engine closing an order B opened. No other spec trades
 * SOLUSDT (price 150, spread 0.02).
 */
describe('position engines of two processes (one database, one Redis)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const prefix = `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`;
    [a, b] = await Promise.all([
      createTestApp({ REDIS_PREFIX: prefix, MARKET_SOURCES: 'none' }),
      createTestApp({ REDIS_PREFIX: prefix, MARKET_SOURCES: 'none' }),
    ]);
    await a.app.get<Queue>(getQueueToken(QueueName.Trading)).pause();
    await b.app.get(PositionEngine).onModuleDestroy();
    await tick(a, 'SOLUSDT', '150');
  });
  afterAll(async () => {
    await a?.app.get<Queue>(getQueueToken(QueueName.Trading)).resume();
    await Promise.all([a?.close(), b?.close()]);
  });

  const buyU = async (headers: Record<string, string>, body: object) => {
    const res = await b.http().post(`${ORDER}/buyU`).set(headers).send(body);
    if (res.body.code !== 20004) throw new Error(JSON.stringify(res.body));
    return res.body.result as { id: string };
  };
  const getOrder = async (headers: Record<string, string>, id: string) =>
    (await b.http().get(`${ORDER}/getUOrderById/${id}`).set(headers)).body.result;

  it('closes at the first tick after it opened a position that the other process opened, and forgets what the other closed', async () => {
    const user = await registerUser(b);
    const base = { code: 'SOLUSDT', direction: 'buy', lots: '1', leverage: 2 };
    const long = await buyU(demo(user), { ...base, stopLoss: '140' });
    // At once, without waiting for A to hear of it: the round waits for the order A was told of.
    const at = Date.now();
    await tick(a, 'SOLUSDT', '139');
    const closed = await waitFor(
      async () => {
        const o = await getOrder(demo(user), long.id);
        return o.state === 'closed' ? o : null;
      },
      10_000,
      'the long closed by the other process',
    );
    expect(closed).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '138.99',
      closePriceSource: 'tick',
    });
    expect(Date.parse(closed.closePriceAt)).toBeGreaterThanOrEqual(at);
    expect(a.app.get(PositionBook).state(long.id)).toBeUndefined();

    // Opened and closed by hand in B: A's book holds it, then lets it go.
    const other = await buyU(demo(user), { ...base, stopLoss: '100' });
    await waitFor(() => a.app.get(PositionBook).state(other.id) === 'open', 10_000, "in A's book");
    const stop = await b.http().post(`${ORDER}/stopU`).set(demo(user)).send({ orderId: other.id });
    expect(stop.body.code).toBe(20005);
    await waitFor(() => a.app.get(PositionBook).state(other.id) === undefined, 10_000, "out of A's book");
  });

  it('a live order the events did not announce (a row written by hand) joins the book at the next reconcile', async () => {
    const user = await registerUser(b);
    const long = await buyU(demo(user), { code: 'SOLUSDT', direction: 'buy', lots: '1', leverage: 2 });
    const book = a.app.get(PositionBook);
    await waitFor(() => book.state(long.id) === 'open', 10_000, "in A's book");
    // As if the event had been lost.
    book.remove(long.id);
    await a.app.get(PositionEngine).reconcile();
    expect(book.state(long.id)).toBe('open');
  });
});
