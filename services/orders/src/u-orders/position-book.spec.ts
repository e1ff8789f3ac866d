import Decimal from 'decimal.js';
import fc from 'fast-check';
import { UOrder } from './entities/u-order.entity';
import { PositionBook } from './position-book';
import { limitReached, triggered, type Direction, type Quote } from './u-order-math';

const RUNS = { numRuns: Math.max(1000, Number(process.env.FC_RUNS ?? 1000)) };
const d = (v: string | number) => new Decimal(v);

let nextId = 1;
function order(fields: Partial<UOrder>): UOrder {
  return Object.assign(new UOrder(), {
    id: String(nextId++),
    code: 'BTCUSDT',
    direction: 'buy',
    state: 'open',
    stopLoss: null,
    takeProfit: null,
    liquidationPrice: null,
    limitPrice: null,
    ...fields,
  });
}

/*
 * Levels and quotes close together, with up to 20 significant digits: many pairs that are equal as
 * doubles and differ exactly (where the book's first comparison cannot tell them apart), and many
 * exactly equal ones (a trigger is inclusive).
 */
const base = d('65000.12345678901234');
const price = fc
  .tuple(fc.integer({ min: -20, max: 20 }), fc.constantFrom(d('1e-14'), d('1e-11'), d('0.01'), d(1)))
  .map(([n, step]) => base.plus(step.times(n)));
const maybe = fc.option(price, { nil: null });
const live = fc.record({
  direction: fc.constantFrom<Direction>('buy', 'sell'),
  state: fc.constantFrom<'open' | 'waiting'>('open', 'waiting'),
  stopLoss: maybe,
  takeProfit: maybe,
  liquidationPrice: maybe,
  limitPrice: price,
});
const quote = fc
  .tuple(price, fc.constantFrom(d(0), d('1e-14'), d(1)))
  .map(([bid, spread]): Quote => ({ bid, ask: bid.plus(spread) }));

/** What the engine must fire: every live order checked exactly, one by one. */
const exactly = (o: UOrder, q: Quote) =>
  o.state === 'open' ? triggered(o, q) !== null : limitReached(o.direction, o.limitPrice!, q);

describe('PositionBook', () => {
  it('finds exactly the orders a quote triggers (open: stop-loss, take-profit, liquidation; waiting: limit)', () => {
    fc.assert(
      fc.property(fc.array(live, { minLength: 1, maxLength: 30 }), quote, (fields, q) => {
        const book = new PositionBook();
        const orders = fields.map((f) =>
          order(f.state === 'waiting' ? { ...f, liquidationPrice: null } : { ...f, limitPrice: null }),
        );
        for (const o of orders) book.put(o);
        const found = book
          .triggered('BTCUSDT', q)
          .map((o) => o.id)
          .sort();
        const expected = orders
          .filter((o) => exactly(o, q))
          .map((o) => o.id)
          .sort();
        expect(found).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('answers copies, keeps instruments apart, and drops what is no longer live', () => {
    const book = new PositionBook();
    const long = order({ stopLoss: d(60000) });
    const other = order({ code: 'ETHUSDT', stopLoss: d(3000) });
    book.put(long);
    book.put(other);
    const [hit] = book.triggered('BTCUSDT', { bid: d(59000), ask: d(59001) });
    expect(hit).toBeInstanceOf(UOrder);
    expect(hit).not.toBe(long);
    hit.state = 'closed';
    expect(book.state(long.id)).toBe('open');
    expect(book.triggered('ETHUSDT', { bid: d(59000), ask: d(59001) })).toEqual([]);

    book.put(Object.assign(new UOrder(), long, { state: 'closed' }));
    expect(book.state(long.id)).toBeUndefined();
    expect(book.has('BTCUSDT')).toBe(false);
    expect(book.size).toBe(1);
  });

  it('a read that began before a removal does not bring the order back; a reconcile drops only older entries', () => {
    const book = new PositionBook();
    const a = order({ stopLoss: d(1) });
    const readAt = book.stamp();
    book.remove(a.id);
    book.put(a, readAt);
    expect(book.state(a.id)).toBeUndefined();
    // Read after the removal: it is live again (e.g. the row says so).
    book.put(a, book.stamp());
    expect(book.state(a.id)).toBe('open');

    const before = book.stamp();
    const b = order({ state: 'waiting', limitPrice: d(2) });
    book.put(b);
    expect([...book.entriesBefore(before)]).toEqual([[a.id, 'open']]);
    book.forgetRemovedBefore(book.stamp());
    book.put(a, readAt);
    expect(book.state(a.id)).toBe('open');
  });

  it('sums its orders per state as the reconcile query does (count, sum of ids, sum of their squares)', () => {
    const book = new PositionBook();
    expect(book.checksum()).toEqual({ open: '0:0:0', waiting: '0:0:0' });
    for (const [id, state] of [
      ['7', 'open'],
      ['9000000000', 'open'],
      ['3', 'waiting'],
    ] as const)
      book.put(order({ id, state, limitPrice: d(1) }));
    expect(book.checksum()).toEqual({ open: '2:9000000007:81000000000000000049', waiting: '1:3:9' });
  });
});
