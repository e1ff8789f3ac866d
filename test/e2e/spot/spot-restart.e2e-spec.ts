import { SpotOwnership } from '@app/orders/spot/spot-ownership.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import {
  createPair,
  fund,
  loginOn,
  orderRow,
  place,
  reservationViolations,
  waitFor,
  wallet,
} from './spot-support';

/**
 * The book lives in the sequencer's memory and is rebuilt from the open orders: after a restart
 * (a new process, here a second app on the same database) the resting orders keep their price-time
 * priority; and two processes that both sequence a pair (their memories behind each other) still
 * match every order once, because each batch checks the book's version under its row lock.
 */
describe('spot book after a restart', () => {
  it('rebuilds the book from the open orders, in time priority', async () => {
    const first = await createTestApp({ MARKET_SOURCES: 'none' });
    const pair = await createPair(first);
    const early = await registerUser(first);
    const late = await registerUser(first);
    const buyer = await registerUser(first);
    await fund(first, early, pair.base, '1');
    await fund(first, late, pair.base, '1');
    await fund(first, buyer, 'USDT', '1000');
    const a = await place(first, early, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'limit',
      price: '20',
      quantity: '1',
    });
    const b = await place(first, late, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'limit',
      price: '20',
      quantity: '1',
    });
    const c = await place(first, buyer, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '10',
      quantity: '1',
    });
    await first.close();

    const second = await createTestApp({ MARKET_SOURCES: 'none' });
    try {
      await waitFor(
        () => second.app.get(SpotOwnership, { strict: false }).owns(pair.symbol),
        20_000,
        'the pair',
      );
      // Before any batch, the depth is read from the open orders.
      const depth = await second
        .http()
        .get(`/swx/customer/order/getBbDepth/${pair.symbol}`)
        .set({ virtually: 'YES' });
      expect(depth.body.result).toMatchObject({ bids: [['10', '1', 1]], asks: [['20', '2', 2]] });
      // The older ask fills first.
      const buy = await place(second, await loginOn(second, buyer), {
        symbol: pair.symbol,
        side: 'buy',
        type: 'limit',
        price: '20',
        quantity: '1.5',
      });
      expect(buy).toMatchObject({ state: 'filled', filled: '1.5' });
      expect(await orderRow(second, a.id)).toMatchObject({ state: 'filled', filled: '1' });
      expect(await orderRow(second, b.id)).toMatchObject({ state: 'partial', filled: '0.5' });
      expect(await orderRow(second, c.id)).toMatchObject({ state: 'open' });
      expect(await wallet(second, late, ['USDT', pair.base])).toEqual({
        USDT: { available: '9.99', frozen: '0' },
        [pair.base]: { available: '0', frozen: '0.5' },
      });
      expect(await reservationViolations(second, pair.symbol)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('matches every order once when two processes sequence the same pair', async () => {
    // Two apps with their own Redis prefixes: both own the pair and take turns on its books.
    const one = await createTestApp({ MARKET_SOURCES: 'none' });
    const two = await createTestApp({ MARKET_SOURCES: 'none' });
    try {
      const pair = await createPair(one);
      await waitFor(
        () => two.app.get(SpotOwnership, { strict: false }).owns(pair.symbol),
        20_000,
        'the pair',
      );
      const sellers = await Promise.all([registerUser(one), registerUser(one)]);
      const buyers = await Promise.all([registerUser(one), registerUser(one)]);
      for (const s of sellers) await fund(one, s, pair.base, '10');
      for (const b of buyers) await fund(one, b, 'USDT', '10000');
      const apps = [one, two];
      const on = new Map<TestApp, Map<string, RegisteredUser>>([
        [one, new Map([...sellers, ...buyers].map((u) => [u.id, u]))],
        [two, new Map()],
      ]);
      for (const u of [...sellers, ...buyers]) on.get(two)!.set(u.id, await loginOn(two, u));
      const user = (app: TestApp, u: RegisteredUser) => on.get(app)!.get(u.id)!;
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const app = apps[i % 2];
        const seller = sellers[i % 2];
        const buyer = buyers[(i >> 1) % 2];
        const s = await place(app, user(app, seller), {
          symbol: pair.symbol,
          side: 'sell',
          type: 'limit',
          price: `${100 + (i % 3)}`,
          quantity: '0.5',
        });
        const b = await place(apps[(i + 1) % 2], user(apps[(i + 1) % 2], buyer), {
          symbol: pair.symbol,
          side: 'buy',
          type: 'limit',
          price: '101',
          quantity: '0.4',
        });
        ids.push(s.id, b.id);
      }
      // Every quantity is accounted for: what sold equals what bought, trades settled once each.
      const [sums] = await one.db.query(
        `SELECT sum(filled) FILTER (WHERE side = 'sell')::text AS sold, sum(filled) FILTER (WHERE side = 'buy')::text AS bought,
                (SELECT sum(quantity) FROM orders.spot_trades WHERE symbol = $1)::text AS traded,
                (SELECT count(*)::int FROM orders.spot_trades WHERE symbol = $1) AS trades,
                (SELECT count(*)::int FROM ledger.journal j JOIN orders.spot_trades t ON j.ref_id = t.id::text
                  WHERE j.ref_type = 'spot_trade' AND t.symbol = $1) AS journals,
                count(*) FILTER (WHERE state = 'pending')::int AS pending
           FROM orders.spot_orders WHERE symbol = $1`,
        [pair.symbol],
      );
      expect(Number(sums.sold)).toBe(Number(sums.bought));
      expect(Number(sums.traded)).toBe(Number(sums.sold));
      expect(sums.journals).toBe(sums.trades);
      expect(sums.pending).toBe(0);
      // The book is never crossed.
      const [book] = await one.db.query(
        `SELECT max(price) FILTER (WHERE side = 'buy')::text AS bid, min(price) FILTER (WHERE side = 'sell')::text AS ask
           FROM orders.spot_orders WHERE symbol = $1 AND state IN ('open', 'partial')`,
        [pair.symbol],
      );
      if (book.bid !== null && book.ask !== null) expect(Number(book.bid)).toBeLessThan(Number(book.ask));
      expect(await reservationViolations(one, pair.symbol)).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
