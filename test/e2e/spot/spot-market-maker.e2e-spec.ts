import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { adminToken, tick } from '../trading/trading-support';
import { place, waitFor } from './spot-support';

/**
 * The house's market maker quotes every listed pair around the feed price (levels on both sides),
 * so that a user always has a counter-party, and quotes again when the price moves. Its trades
 * move ordinary ledger accounts (the audit after this file checks them with everything else).
 */
describe('spot market maker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });

  const depth = async () =>
    (await t.http().get('/swx/customer/order/getBbDepth/LTCUSDT').set({ virtually: 'NO' })).body.result as {
      bids: [string, string, number][];
      asks: [string, string, number][];
    };

  it('quotes around the feed price, trades with users and follows the price', async () => {
    await tick(t, 'LTCUSDT', '80');
    const around = (price: number) => async () => {
      const d = await depth();
      if (d.bids.length < 5 || d.asks.length < 5) return false;
      const mid = (Number(d.bids[0][0]) + Number(d.asks[0][0])) / 2;
      return Math.abs(mid - price) / price < 0.002 && Number(d.bids[0][0]) < Number(d.asks[0][0]) ? d : false;
    };
    const first = await waitFor(around(80), 30_000, 'quotes around 80');
    expect(Number(first.asks[0][0])).toBeGreaterThan(80);
    expect(Number(first.bids[0][0])).toBeLessThan(80);

    // A demo user (100,000 virtual USDT) buys at market from the maker's best ask.
    const u = await registerUser(t);
    const bought = await place(
      t,
      u,
      { symbol: 'LTCUSDT', side: 'buy', type: 'market', amount: '50' },
      'demo',
    );
    expect(bought.state).toBe('filled');
    expect(new Decimal(bought.filled).gt(0)).toBe(true);
    const trades = await t.db.query(
      `SELECT m.user_id FROM orders.spot_trades s JOIN orders.spot_orders m ON m.id = s.maker_order_id
        WHERE s.taker_order_id = $1`,
      [bought.id],
    );
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((r: { user_id: string | null }) => r.user_id === null)).toBe(true);

    // The price moves 5%: the quotes follow.
    await tick(t, 'LTCUSDT', '84');
    await waitFor(around(84), 30_000, 'quotes around 84');

    // The console tells the customers' orders from the house's quotes, which outnumber them.
    const token = await adminToken(t);
    const list = async (filter: object) => {
      const res = await t
        .http()
        .get(`/swx/admin/spot-orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)
        .set('Authorization', `Bearer ${token}`);
      expect(res.body.code).toBe(200);
      return res.body.result as { id: string; userId: string | null; marketMaker: boolean }[];
    };
    const customers = await list({ symbol: 'LTCUSDT', placedBy: 'customers' });
    expect(customers.map((o) => o.id)).toContain(bought.id);
    expect(customers.every((o) => !o.marketMaker && o.userId !== null)).toBe(true);
    const house = await list({ symbol: 'LTCUSDT', placedBy: 'market_maker' });
    expect(house.length).toBeGreaterThan(10);
    expect(house.every((o) => o.marketMaker && o.userId === null)).toBe(true);
    // With a named user: only what both allow.
    expect((await list({ userId: u.id, placedBy: 'customers' })).map((o) => o.id)).toEqual([bought.id]);
    expect(await list({ userId: u.id, placedBy: 'market_maker' })).toEqual([]);
    expect((await list({ userId: 'market_maker', placedBy: 'market_maker', symbol: 'LTCUSDT' })).length).toBe(
      house.length,
    );
    const bad = await t
      .http()
      .get(`/swx/admin/spot-orders?filter=${encodeURIComponent(JSON.stringify({ placedBy: 'robots' }))}`)
      .set('Authorization', `Bearer ${token}`);
    expect(bad.body.code).toBe(400);
  });
});
