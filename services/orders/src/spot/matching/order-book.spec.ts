import Decimal from 'decimal.js';
import { OrderBook, OrderRejected } from './order-book';
import { PairUnits } from './units';

const limit = (id: string, userId: string, side: 'buy' | 'sell', price: number, quantity: number) => ({
  id,
  userId,
  side,
  type: 'limit' as const,
  price,
  quantity,
});

describe('OrderBook', () => {
  it('rests a limit order that does not cross', () => {
    const book = new OrderBook();
    const r = book.place(limit('a', 'u1', 'buy', 100, 5));
    expect(r).toMatchObject({ status: 'resting', filled: 0, resting: 5, trades: [] });
    expect(book.bestBid()).toBe(100);
    expect(book.depth().bids).toEqual([[100, 5, 1]]);
  });

  it('fills fully at the maker price, and partly with the rest on the book', () => {
    const book = new OrderBook();
    book.place(limit('s1', 'u1', 'sell', 101, 3));
    const full = book.place(limit('b1', 'u2', 'buy', 105, 3));
    expect(full.status).toBe('filled');
    expect(full.trades).toEqual([
      {
        seq: 1,
        takerOrderId: 'b1',
        makerOrderId: 's1',
        takerUserId: 'u2',
        makerUserId: 'u1',
        takerSide: 'buy',
        price: 101,
        quantity: 3,
      },
    ]);
    book.place(limit('s2', 'u1', 'sell', 102, 2));
    const partial = book.place(limit('b2', 'u2', 'buy', 102, 5));
    expect(partial).toMatchObject({ status: 'partially_filled', filled: 2, resting: 3 });
    expect(book.bestBid()).toBe(102);
    expect(book.bestAsk()).toBeUndefined();
  });

  it('honours price then time priority', () => {
    const book = new OrderBook();
    book.place(limit('late-better', 'm3', 'sell', 99, 1));
    book.place(limit('first', 'm1', 'sell', 100, 1));
    book.place(limit('second', 'm2', 'sell', 100, 1));
    const r = book.place(limit('t', 'taker', 'buy', 100, 3));
    expect(r.trades.map((t) => [t.makerOrderId, t.price])).toEqual([
      ['late-better', 99],
      ['first', 100],
      ['second', 100],
    ]);
  });

  it('market orders sweep levels and cancel what cannot fill', () => {
    const book = new OrderBook();
    book.place(limit('a1', 'm', 'sell', 100, 2));
    book.place(limit('a2', 'm', 'sell', 101, 2));
    const r = book.place({ id: 'mkt', userId: 't', side: 'buy', type: 'market', quantity: 5 });
    expect(r.trades.map((t) => [t.price, t.quantity])).toEqual([
      [100, 2],
      [101, 2],
    ]);
    expect(r).toMatchObject({ status: 'cancelled', filled: 4, cancelled: 1, resting: 0 });
    expect(book.size).toBe(0);
  });

  it('a market buy stops at its quote budget', () => {
    const book = new OrderBook();
    book.place(limit('a1', 'm', 'sell', 100, 10));
    const r = book.place({
      id: 'mkt',
      userId: 't',
      side: 'buy',
      type: 'market',
      quantity: 10,
      quoteLimit: 350,
    });
    expect(r.filled).toBe(3);
    expect(r.cancelled).toBe(7);
    expect(book.get('a1')?.remaining).toBe(7);
  });

  it('cancels resting orders and answers their open quantity', () => {
    const book = new OrderBook();
    book.place(limit('a', 'u', 'sell', 100, 4));
    book.place(limit('b', 'v', 'buy', 100, 1));
    expect(book.cancel('a')).toBe(3);
    expect(book.cancel('a')).toBeNull();
    expect(book.depth()).toEqual({ bids: [], asks: [] });
  });

  it('prevents self-trades by expiring the resting order of the same user', () => {
    const book = new OrderBook();
    book.place(limit('own', 'u', 'sell', 100, 2));
    book.place(limit('other', 'v', 'sell', 100, 2));
    const r = book.place(limit('t', 'u', 'buy', 100, 3));
    expect(r.expiredMakers).toEqual([{ orderId: 'own', remaining: 2 }]);
    expect(r.trades.map((t) => t.makerOrderId)).toEqual(['other']);
    expect(r).toMatchObject({ filled: 2, resting: 1 });
    expect(book.has('own')).toBe(false);
  });

  it('refuses malformed orders', () => {
    const book = new OrderBook();
    expect(() => book.place(limit('a', 'u', 'buy', 100, 0))).toThrow(OrderRejected);
    expect(() => book.place(limit('a', 'u', 'buy', 1.5, 1))).toThrow(OrderRejected);
    expect(() => book.place({ id: 'a', userId: 'u', side: 'buy', type: 'limit', quantity: 1 })).toThrow(
      OrderRejected,
    );
    book.place(limit('dup', 'u', 'buy', 100, 1));
    expect(() => book.place(limit('dup', 'u', 'buy', 100, 1))).toThrow(OrderRejected);
  });

  it('restores resting orders and continues the trade sequence', () => {
    const book = new OrderBook(41);
    book.restore({ id: 'r', userId: 'u', side: 'sell', price: 10, remaining: 2 });
    const r = book.place(limit('t', 'v', 'buy', 10, 1));
    expect(r.trades[0].seq).toBe(42);
    expect(book.restingOrders()).toEqual([{ id: 'r', userId: 'u', side: 'sell', price: 10, remaining: 1 }]);
  });
});

describe('PairUnits', () => {
  const units = new PairUnits('0.01', '0.0001');
  it('converts exact multiples and refuses the rest', () => {
    expect(units.priceToTicks('65000.12')).toBe(6500012);
    expect(units.priceToTicks('65000.123')).toBeNull();
    expect(units.quantityToLots('1.5')).toBe(15000);
    expect(units.quantityToLots('-1')).toBeNull();
    expect(units.ticksToPrice(6500012).toFixed()).toBe('65000.12');
    expect(units.notional(6500012, 15000).equals(new Decimal('97500.18'))).toBe(true);
    expect(units.quoteToUnits('1')).toBe(1_000_000);
  });
});

describe('OrderBook regressions', () => {
  it('a market buy out of budget stops at the partly filled maker (no self-trade expiry past it)', () => {
    // Found by the property test: seed -2025842936.
    const book = new OrderBook();
    book.place(limit('m0', 'u0', 'sell', 105, 2));
    book.place(limit('m3', 'u3', 'sell', 105, 1));
    const r = book.place({
      id: 't',
      userId: 'u3',
      side: 'buy',
      type: 'market',
      quantity: 2,
      quoteLimit: 105,
    });
    expect(r.filled).toBe(1);
    expect(r.expiredMakers).toEqual([]);
    expect(book.has('m3')).toBe(true);
  });
});
