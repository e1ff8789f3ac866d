import { PriceService } from '@app/market';
import { PositionEngine } from '@app/orders/u-orders/position-engine.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

/**
 * Fault (e) of issue 14, item 4: a zero, a 10x-spiking or a stale price from the feed. The tick is
 * not believed: no fill, close or liquidation happens on it, and the instrument pauses (10015) until
 * a sane tick comes.
 */
describe('reliability: bad prices from the feed pause the instrument', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No feed here (ticks come from the test), so the staleness limit is set explicitly.
    t = await createTestApp({ MARKET_SOURCES: 'none', MARKET_STALE_SECONDS: '120' });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 300_000);

  const ORDER = '/swx/customer/order';

  it('a zero, a 10x spike and a stale feed: nothing fills, closes or liquidates; trading pauses, then resumes', async () => {
    const prices = t.app.get(PriceService);
    const engine = t.app.get(PositionEngine);
    const tick = (price: string, ts = Date.now()) => prices.publishTick({ code: 'BTCUSDT', price, ts });
    expect(await tick('65000')).not.toBeNull();
    const user = await registerUser(t);
    const headers = { Authorization: `Bearer ${user.token}`, virtually: 'NO' };
    const buyU = (body: object) => t.http().post(`${ORDER}/buyU`).set(headers).send(body);
    // A long at 100x (liquidated about 1 % lower) and a limit buy at 60,000: a fall to 6,500 would
    // liquidate the one and fill the other.
    const long = await buyU({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 100 });
    expect(long.body.code).toBe(20004);
    const waiting = await buyU({
      code: 'BTCUSDT',
      direction: 'buy',
      lots: '0.01',
      leverage: 10,
      limitPrice: '60000',
    });
    expect(waiting.body.code).toBe(20004);
    const states = async () =>
      (
        await t.db.query(`SELECT state FROM orders.u_orders WHERE id = ANY($1::bigint[]) ORDER BY id`, [
          [long.body.result.id, waiting.body.result.id],
        ])
      ).map((r: { state: string }) => r.state);

    for (const bad of ['6500', '650000', '0']) {
      // Refused at the door: not stored, not published, not in the history.
      expect(await tick(bad)).toBeNull();
      await new Promise((r) => setTimeout(r, 300));
      expect(await states()).toEqual(['open', 'waiting']);
      // Paused: no new order, no manual close, and the sweep fires nothing on the last price.
      expect((await buyU({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 })).body.code).toBe(
        10015,
      );
      const stop = await t.http().post(`${ORDER}/stopU`).set(headers).send({ orderId: long.body.result.id });
      expect(stop.body.code).toBe(10015);
      expect(await engine.sweep()).toBe(0);
      expect(await states()).toEqual(['open', 'waiting']);
      // A sane tick lifts the pause.
      expect(await tick('65010')).not.toBeNull();
      expect((await buyU({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 })).body.code).toBe(
        20004,
      );
    }
    const history = await prices.ticks('BTCUSDT', new Date(Date.now() - 60_000), new Date(Date.now() + 1000));
    expect(history?.map((h) => h.price.toFixed()).filter((p) => ['6500', '650000', '0'].includes(p))).toEqual(
      [],
    );

    // Stale: the feed's last tick is ten minutes old (the feed went quiet) -> paused as well.
    const other = 'ETHUSDT';
    expect(
      await prices.publishTick({ code: other, price: '4321.09', ts: Date.now() - 600_000 }),
    ).not.toBeNull();
    expect((await buyU({ code: other, direction: 'buy', lots: '0.01', leverage: 10 })).body.code).toBe(10015);
    expect(await prices.publishTick({ code: other, price: '4321.5', ts: Date.now() })).not.toBeNull();
    expect((await buyU({ code: other, direction: 'buy', lots: '0.01', leverage: 10 })).body.code).toBe(20004);

    // The position survived every bad price and closes normally.
    const closed = await t.http().post(`${ORDER}/stopU`).set(headers).send({ orderId: long.body.result.id });
    expect(closed.body.code).toBe(20005);
    expect(await states()).toEqual(['closed', 'waiting']);
  }, 300_000);
});
