import fc from 'fast-check';
import { OrderBook, type OrderInput, type Trade } from './order-book';

/**
 * A deliberately naive reference matcher (arrays, full scans) that states the rules plainly.
 * The engine must produce exactly the same trades and book for any sequence of commands.
 */
class ReferenceBook {
  orders: {
    id: string;
    userId: string;
    side: 'buy' | 'sell';
    price: number;
    remaining: number;
    time: number;
  }[] = [];
  private time = 0;
  private seq = 0;

  place(o: OrderInput): { trades: Trade[]; expired: string[] } {
    const trades: Trade[] = [];
    const expired: string[] = [];
    let remaining = o.quantity;
    let budget = o.side === 'buy' && o.type === 'market' ? (o.quoteLimit ?? Infinity) : Infinity;
    for (;;) {
      if (remaining === 0) break;
      const candidates = this.orders
        .filter((m) => m.side !== o.side)
        .filter((m) => o.type === 'market' || (o.side === 'buy' ? m.price <= o.price! : m.price >= o.price!))
        .sort((a, b) => (o.side === 'buy' ? a.price - b.price : b.price - a.price) || a.time - b.time);
      const maker = candidates[0];
      if (!maker) break;
      if (maker.userId === o.userId) {
        expired.push(maker.id);
        this.orders = this.orders.filter((m) => m !== maker);
        continue;
      }
      let q = Math.min(remaining, maker.remaining);
      if (budget !== Infinity) q = Math.min(q, Math.floor(budget / maker.price));
      if (q <= 0) break;
      this.seq++;
      trades.push({
        seq: this.seq,
        takerOrderId: o.id,
        makerOrderId: maker.id,
        takerUserId: o.userId,
        makerUserId: maker.userId,
        takerSide: o.side,
        price: maker.price,
        quantity: q,
      });
      remaining -= q;
      if (budget !== Infinity) budget -= q * maker.price;
      maker.remaining -= q;
      if (maker.remaining === 0) this.orders = this.orders.filter((m) => m !== maker);
    }
    if (o.type === 'limit' && remaining > 0) {
      this.orders.push({
        id: o.id,
        userId: o.userId,
        side: o.side,
        price: o.price!,
        remaining,
        time: this.time++,
      });
    }
    return { trades, expired };
  }

  cancel(id: string): number | null {
    const found = this.orders.find((m) => m.id === id);
    if (!found) return null;
    this.orders = this.orders.filter((m) => m !== found);
    return found.remaining;
  }
}

type Command =
  | {
      kind: 'place';
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      price: number;
      quantity: number;
      user: number;
      quoteLimit?: number;
    }
  | { kind: 'cancel'; target: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constant('limit' as const),
      price: fc.integer({ min: 95, max: 105 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      user: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constant('market' as const),
      price: fc.constant(0),
      quantity: fc.integer({ min: 1, max: 40 }),
      user: fc.integer({ min: 0, max: 4 }),
      quoteLimit: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.integer({ min: 0, max: 200 }) }),
  },
);

describe('OrderBook properties (fast-check)', () => {
  it('matches exactly like the reference, never crosses, and neither creates nor loses quantity', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 120 }), (commands) => {
        const book = new OrderBook();
        const ref = new ReferenceBook();
        const placed: { id: string; quantity: number }[] = [];
        const accounted = new Map<string, number>(); // filled + cancelled + expired, per order
        const add = (id: string, q: number) => accounted.set(id, (accounted.get(id) ?? 0) + q);
        commands.forEach((c, i) => {
          if (c.kind === 'cancel') {
            const target = placed[c.target % Math.max(placed.length, 1)]?.id ?? 'none';
            const got = book.cancel(target);
            expect(got).toBe(ref.cancel(target));
            if (got !== null) add(target, got);
            return;
          }
          const order: OrderInput = {
            id: `o${i}`,
            userId: `u${c.user}`,
            side: c.side,
            type: c.type,
            quantity: c.quantity,
            ...(c.type === 'limit' ? { price: c.price } : {}),
            ...(c.quoteLimit ? { quoteLimit: c.quoteLimit } : {}),
          };
          placed.push({ id: order.id, quantity: order.quantity });
          const result = book.place(order);
          const expected = ref.place(order);
          expect(result.trades).toEqual(expected.trades);
          expect(result.expiredMakers.map((e) => e.orderId)).toEqual(expected.expired);
          for (const t of result.trades) {
            add(t.takerOrderId, t.quantity);
            add(t.makerOrderId, t.quantity);
          }
          for (const e of result.expiredMakers) add(e.orderId, e.remaining);
          add(order.id, result.cancelled);
          // Never crossed after matching.
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
          // Price priority within one taker: buys pay rising prices, sells receive falling prices.
          for (let k = 1; k < result.trades.length; k++) {
            const [a, b] = [result.trades[k - 1].price, result.trades[k].price];
            expect(c.side === 'buy' ? a <= b : a >= b).toBe(true);
          }
        });
        // Conservation: every order's quantity is exactly filled + cancelled + still resting.
        const resting = new Map(book.restingOrders().map((o) => [o.id, o.remaining]));
        for (const p of placed)
          expect((accounted.get(p.id) ?? 0) + (resting.get(p.id) ?? 0)).toBe(p.quantity);
        expect(
          book
            .restingOrders()
            .map((o) => o.id)
            .sort(),
        ).toEqual(ref.orders.map((o) => o.id).sort());
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 1000) },
    );
  });
});
