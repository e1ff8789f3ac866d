/**
 * The spot matching engine of one trading pair: limit and market orders, price-time priority,
 * partial fills, cancellation and self-trade prevention. Pure and deterministic: no I/O, no clock,
 * no randomness, so it can be replayed from a log, unit-tested and benchmarked alone.
 *
 * Prices are integer counts of the pair's tick size and quantities integer counts of its lot size
 * (see units.ts): exact, and much faster than decimal objects on the hot path. Every integer is
 * checked to stay a safe integer.
 */
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

export interface OrderInput {
  id: string;
  userId: string;
  side: Side;
  type: OrderType;
  /** Limit price in ticks (required for limit orders). */
  price?: number;
  /** Quantity in lots. */
  quantity: number;
  /** Market buys: spend at most this many quote units (ticks x lots). */
  quoteLimit?: number;
}

export interface Trade {
  /** Engine sequence number of the trade, unique and increasing per book. */
  seq: number;
  takerOrderId: string;
  makerOrderId: string;
  takerUserId: string;
  makerUserId: string;
  takerSide: Side;
  price: number;
  quantity: number;
}

export type PlaceStatus = 'resting' | 'partially_filled' | 'filled' | 'cancelled';

export interface PlaceResult {
  orderId: string;
  trades: Trade[];
  filled: number;
  /** Quantity left on the book (limit orders only). */
  resting: number;
  /** Quantity that will never fill (unfilled part of a market order). */
  cancelled: number;
  status: PlaceStatus;
  /** Resting orders of the same user removed by self-trade prevention, with their remaining quantity. */
  expiredMakers: { orderId: string; remaining: number }[];
}

export interface RestingOrder {
  id: string;
  userId: string;
  side: Side;
  price: number;
  /** Quantity still open. */
  remaining: number;
}

export class OrderRejected extends Error {}

interface Node {
  order: RestingOrder;
  prev: Node | null;
  next: Node | null;
  level: Level;
}

interface Level {
  price: number;
  head: Node | null;
  tail: Node | null;
  volume: number;
  count: number;
}

function assertUnits(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new OrderRejected(`${what} must be a positive whole number of units`);
}

export class OrderBook {
  private readonly bidLevels = new Map<number, Level>();
  private readonly askLevels = new Map<number, Level>();
  /** Bid prices ascending and ask prices descending: the best price of each side is the last element. */
  private readonly bidPrices: number[] = [];
  private readonly askPrices: number[] = [];
  private readonly orders = new Map<string, Node>();
  private sequence: number;

  constructor(startSequence = 0) {
    this.sequence = startSequence;
  }

  get lastSequence(): number {
    return this.sequence;
  }

  get size(): number {
    return this.orders.size;
  }

  bestBid(): number | undefined {
    return this.bidPrices[this.bidPrices.length - 1];
  }

  bestAsk(): number | undefined {
    return this.askPrices[this.askPrices.length - 1];
  }

  has(orderId: string): boolean {
    return this.orders.has(orderId);
  }

  get(orderId: string): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node ? { ...node.order } : undefined;
  }

  place(input: OrderInput): PlaceResult {
    assertUnits(input.quantity, 'quantity');
    if (this.orders.has(input.id)) throw new OrderRejected(`order ${input.id} is already on the book`);
    if (input.type === 'limit') {
      if (input.price === undefined) throw new OrderRejected('a limit order needs a price');
      assertUnits(input.price, 'price');
    } else if (input.quoteLimit !== undefined) {
      assertUnits(input.quoteLimit, 'quote limit');
    }

    const trades: Trade[] = [];
    const expiredMakers: { orderId: string; remaining: number }[] = [];
    let remaining = input.quantity;
    let budget = input.side === 'buy' && input.type === 'market' ? (input.quoteLimit ?? Infinity) : Infinity;
    const opposite = input.side === 'buy' ? this.askPrices : this.bidPrices;
    const oppositeLevels = input.side === 'buy' ? this.askLevels : this.bidLevels;

    matching: while (remaining > 0 && opposite.length > 0) {
      const bestPrice = opposite[opposite.length - 1];
      if (input.type === 'limit') {
        const crosses = input.side === 'buy' ? bestPrice <= input.price! : bestPrice >= input.price!;
        if (!crosses) break;
      }
      const level = oppositeLevels.get(bestPrice)!;
      let node = level.head;
      while (node && remaining > 0) {
        const next = node.next;
        const maker = node.order;
        if (maker.userId === input.userId) {
          // Self-trade prevention: the resting order of the same user expires, the taker goes on.
          expiredMakers.push({ orderId: maker.id, remaining: maker.remaining });
          this.unlink(node);
          node = next;
          continue;
        }
        let quantity = Math.min(remaining, maker.remaining);
        if (budget !== Infinity) quantity = Math.min(quantity, Math.floor(budget / bestPrice));
        if (quantity <= 0) break matching;
        this.sequence += 1;
        trades.push({
          seq: this.sequence,
          takerOrderId: input.id,
          makerOrderId: maker.id,
          takerUserId: input.userId,
          makerUserId: maker.userId,
          takerSide: input.side,
          price: bestPrice,
          quantity,
        });
        remaining -= quantity;
        if (budget !== Infinity) budget -= quantity * bestPrice;
        maker.remaining -= quantity;
        level.volume -= quantity;
        // A maker left with quantity means the taker is done or its budget buys no more at this
        // price (nor at the worse prices after it): matching ends here.
        if (maker.remaining > 0) break matching;
        this.unlink(node);
        node = next;
      }
    }

    const filled = input.quantity - remaining;
    if (input.type === 'limit' && remaining > 0) {
      this.rest({ id: input.id, userId: input.userId, side: input.side, price: input.price!, remaining });
      return {
        orderId: input.id,
        trades,
        filled,
        resting: remaining,
        cancelled: 0,
        status: filled > 0 ? 'partially_filled' : 'resting',
        expiredMakers,
      };
    }
    return {
      orderId: input.id,
      trades,
      filled,
      resting: 0,
      cancelled: remaining,
      status: remaining === 0 ? 'filled' : 'cancelled',
      expiredMakers,
    };
  }

  /** Removes a resting order; answers its open quantity, or null when it is not on the book. */
  cancel(orderId: string): number | null {
    const node = this.orders.get(orderId);
    if (!node) return null;
    const remaining = node.order.remaining;
    this.unlink(node);
    return remaining;
  }

  /** Puts back an order that was resting before a restart (no matching: the stored book is uncrossed). */
  restore(order: RestingOrder): void {
    assertUnits(order.remaining, 'quantity');
    assertUnits(order.price, 'price');
    if (this.orders.has(order.id)) throw new OrderRejected(`order ${order.id} is already on the book`);
    this.rest({ ...order });
  }

  /** Aggregated levels, best first: [price, quantity, order count]. */
  depth(levels = 20): { bids: [number, number, number][]; asks: [number, number, number][] } {
    const take = (prices: number[], book: Map<number, Level>) => {
      const out: [number, number, number][] = [];
      for (let i = prices.length - 1; i >= 0 && out.length < levels; i--) {
        const level = book.get(prices[i])!;
        out.push([level.price, level.volume, level.count]);
      }
      return out;
    };
    return { bids: take(this.bidPrices, this.bidLevels), asks: take(this.askPrices, this.askLevels) };
  }

  /** Every resting order, in priority order per side (for snapshots and checks). */
  restingOrders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const [prices, book] of [
      [this.bidPrices, this.bidLevels],
      [this.askPrices, this.askLevels],
    ] as const) {
      for (let i = prices.length - 1; i >= 0; i--) {
        for (let node = book.get(prices[i])!.head; node; node = node.next) out.push({ ...node.order });
      }
    }
    return out;
  }

  private rest(order: RestingOrder): void {
    const isBid = order.side === 'buy';
    const book = isBid ? this.bidLevels : this.askLevels;
    let level = book.get(order.price);
    if (!level) {
      level = { price: order.price, head: null, tail: null, volume: 0, count: 0 };
      book.set(order.price, level);
      const prices = isBid ? this.bidPrices : this.askPrices;
      // Binary search for the insertion point (bids ascending, asks descending).
      let lo = 0;
      let hi = prices.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (isBid ? prices[mid] < order.price : prices[mid] > order.price) lo = mid + 1;
        else hi = mid;
      }
      prices.splice(lo, 0, order.price);
    }
    const node: Node = { order, prev: level.tail, next: null, level };
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.volume += order.remaining;
    level.count += 1;
    this.orders.set(order.id, node);
  }

  private unlink(node: Node): void {
    const level = node.level;
    if (node.prev) node.prev.next = node.next;
    else level.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else level.tail = node.prev;
    level.volume -= node.order.remaining;
    level.count -= 1;
    this.orders.delete(node.order.id);
    if (level.count === 0) {
      const isBid = node.order.side === 'buy';
      (isBid ? this.bidLevels : this.askLevels).delete(level.price);
      const prices = isBid ? this.bidPrices : this.askPrices;
      // The emptied level is nearly always the best one, at the end.
      if (prices[prices.length - 1] === level.price) prices.pop();
      else prices.splice(prices.lastIndexOf(level.price), 1);
    }
  }
}
