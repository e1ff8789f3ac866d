import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { PriceService } from '@app/market';
import { PositionEngine } from '@app/orders/u-orders/position-engine.service';
import { QueueName, REDIS_CLIENT } from '@app/queue';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { ledgerViolations } from '../../support/ledger-audit';
import { registerUser } from '../../support/users';
import { demo, tick, userBalance } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * The position engine stops (its process is down) while the market moves through stop-loss,
 * take-profit and a limit, then comes back to where it was: only the recorded ticks prove the
 * triggers. On start the engine replays them and closes/opens each order at the price and the
 * moment of its own tick. LTCUSDT (no other test file moves it): spread 0.02 (bid = price - 0.01,
 * ask = price + 0.01), contract size 1, levels about 8% away from 80.
 */
describe('position engine restart', () => {
  let t: TestApp;
  let engine: PositionEngine;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    engine = t.app.get(PositionEngine, { strict: false });
    // No sweep in between: only the restart may find what happened.
    await t.app.get<Queue>(getQueueToken(QueueName.Trading)).pause();
    await tick(t, 'LTCUSDT', '80');
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
  const getOrder = async (headers: Record<string, string>, id: string) =>
    (await t.http().get(`${ORDER}/getUOrderById/${id}`).set(headers)).body.result;

  it('closes and opens at the ticks that happened while it was down, once', async () => {
    const user = await registerUser(t);
    const base = { code: 'LTCUSDT', lots: '10', leverage: 2 };
    const stopped = await buyU(demo(user), { ...base, direction: 'buy', stopLoss: '74' });
    const profited = await buyU(demo(user), { ...base, direction: 'buy', takeProfit: '86' });
    const limit = await buyU(demo(user), {
      ...base,
      direction: 'buy',
      limitPrice: '76',
      stopLoss: '72',
    });
    const untouched = await buyU(demo(user), { ...base, direction: 'sell', stopLoss: '88' });
    // The limit holds the margin (380) and fee (1.52) of its 760.
    expect(await getOrder(demo(user), limit.id)).toMatchObject({ margin: '380', fee: '1.52' });
    const available = new Decimal(await userBalance(t, user, 'demo', 'available'));

    await engine.onModuleDestroy();
    const prices = t.app.get(PriceService);
    const at = Date.now();
    for (const [i, price] of ['79', '73', '75', '87', '80'].entries()) {
      await prices.publishTick({ code: 'LTCUSDT', price, ts: at + i * 10 });
    }
    await new Promise((r) => setTimeout(r, 200));
    // Nothing listened: all four are as they were.
    expect((await getOrder(demo(user), stopped.id)).state).toBe('open');
    expect((await getOrder(demo(user), limit.id)).state).toBe('waiting');

    await engine.onApplicationBootstrap();
    const closed = (id: string) =>
      waitFor(async () => {
        const o = await getOrder(demo(user), id);
        return o.state === 'closed' ? o : null;
      });
    expect(await closed(stopped.id)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '72.99',
      closePriceSource: 'tick',
      closePriceAt: new Date(at + 10).toISOString(),
    });
    expect(await closed(profited.id)).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '86.99',
      closePriceSource: 'tick',
      closePriceAt: new Date(at + 30).toISOString(),
    });
    expect(await getOrder(demo(user), limit.id)).toMatchObject({
      state: 'open',
      // Its limit is 76; the tick of 73 (ask 73.01) gapped past it: filled there, the better price.
      openPrice: '73.01',
      openPriceSource: 'tick',
      openPriceAt: new Date(at + 10).toISOString(),
      openTime: new Date(at + 10).toISOString(),
      // The margin and fee of its 730.1 (2x, 0.2%), and the liquidation price from that margin
      // (73.01 - 365.05 x 80% / 10).
      margin: '365.05',
      fee: '1.4602',
      liquidationPrice: '43.806',
    });
    expect((await getOrder(demo(user), untouched.id)).state).toBe('open');
    // Back to the user: the two closes (400.05 - 70.2 and 400.05 + 69.8) and the limit's excess
    // margin (14.95) and fee (0.0598).
    expect(await userBalance(t, user, 'demo', 'available')).toBe(
      available.plus('329.85').plus('469.85').plus('15.0098').toFixed(),
    );
    // Held: the limit's new margin and the untouched short's (opened at the bid 79.99).
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('765');
    expect(await ledgerViolations(process.env.TEST_RUN_DATABASE_URL!)).toEqual([]);

    // A second start finds nothing more to do: each order moved once, its money too.
    expect(await engine.catchUp()).toBe(0);
    expect(await userBalance(t, user, 'demo', 'available')).toBe(
      available.plus('329.85').plus('469.85').plus('15.0098').toFixed(),
    );
    const journals: { key: string }[] = await t.db.query(
      `SELECT idempotency_key AS key FROM ledger.journal WHERE ref_type = 'u_order' AND ref_id = ANY($1::text[])`,
      [[stopped.id, profited.id, limit.id, untouched.id]],
    );
    expect(journals.map((j) => j.key).sort()).toEqual(
      [
        `u-close-${profited.id}`,
        `u-close-${stopped.id}`,
        `u-hold-${limit.id}`,
        `u-open-${limit.id}`,
        `u-open-${profited.id}`,
        `u-open-${stopped.id}`,
        `u-open-${untouched.id}`,
      ].sort(),
    );
  });

  it('uses the 1-minute K-lines when the ticks of the outage are gone: the level they prove', async () => {
    const user = await registerUser(t);
    await tick(t, 'LTCUSDT', '80');
    const order = await buyU(demo(user), {
      code: 'LTCUSDT',
      direction: 'buy',
      lots: '10',
      leverage: 2,
      stopLoss: '76',
    });
    await engine.onModuleDestroy();
    // A K-line of a minute after the order whose low went through the stop-loss; no tick kept.
    const minute = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    const ltc = t.app.get(PriceService).instrument('LTCUSDT');
    await t.db.query(
      `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close, volume)
       VALUES ($1, '1m', $2, 79, 79.5, 75, 79.2, 10)`,
      [ltc.id, new Date(minute).toISOString()],
    );
    await t.app.get<Redis>(REDIS_CLIENT).del('market:ticks:LTCUSDT');

    expect(await engine.catchUp(new Date(minute + 60_000))).toBe(1);
    expect(await getOrder(demo(user), order.id)).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      closePrice: '76',
      closePriceSource: 'kline',
      closePriceAt: new Date(minute).toISOString(),
    });
    await engine.onApplicationBootstrap();
  });
});
