import { Injectable } from '@nestjs/common';
import type Decimal from 'decimal.js';
import { limitReached, triggered, type Quote } from './u-order-math';
import type { UOrder } from './entities/u-order.entity';

/** The live orders' states (an open order changes only when it closes, a waiting one when it opens). */
export type LiveState = 'open' | 'waiting';

interface Entry {
  order: UOrder;
  /** The side of the quote its triggers compare with: the close side when open, the fill side when waiting. */
  side: 'bid' | 'ask';
  /** It fires when that side is at or below `low`, or at or above `high` (as doubles; -/+Infinity: never). */
  low: number;
  high: number;
  /** The book's counter when it was added (a reconcile removes only what was there before it read). */
  stamp: number;
}

/** A copy of an order (its Decimals are immutable): what a close may mark closed before it commits. */
export const copyOrder = (order: UOrder): UOrder =>
  Object.assign(Object.create(Object.getPrototypeOf(order) as object) as UOrder, order);

const level = (value: Decimal | null) => (value === null ? null : value.toNumber());
const lowest = (...values: (number | null)[]) => Math.min(...values.map((v) => v ?? Infinity));
const highest = (...values: (number | null)[]) => Math.max(...values.map((v) => v ?? -Infinity));

/**
 * The live U orders (open and waiting) of this process's view of the market, per instrument, so
 * that a tick finds what it triggers without a query. Every trigger is a comparison of one side of
 * the quote with the order's levels; the book compares them as doubles first, which never misses a
 * trigger (rounding to the nearest double is monotonic: a <= b implies double(a) <= double(b)), and
 * only those it keeps are checked exactly, in Decimal, by the same functions the close uses.
 *
 * The book is a cache of the database, never the record: UOrdersService keeps it current for what
 * this process does, the position engine for what other processes do (their order events, and a
 * reconcile against the table every few seconds), and a close still requires the row to be open,
 * so a stale entry costs a wasted attempt, not a wrong close. The sweep job checks the table itself.
 */
@Injectable()
export class PositionBook {
  private readonly byCode = new Map<string, Map<string, Entry>>();
  private readonly codeOf = new Map<string, string>();
  /** Ids removed, with the counter at removal (a fetch started before must not add them back). */
  private readonly removed = new Map<string, number>();
  private counter = 0;

  /** The current counter: entries added and ids removed after this moment have a higher one. */
  stamp(): number {
    return ++this.counter;
  }

  get size(): number {
    return this.codeOf.size;
  }

  has(code: string): boolean {
    return (this.byCode.get(code)?.size ?? 0) > 0;
  }

  state(id: string): LiveState | undefined {
    const code = this.codeOf.get(id);
    return code === undefined ? undefined : (this.byCode.get(code)!.get(id)!.order.state as LiveState);
  }

  /**
   * Adds (or replaces) a live order; an order that is no longer live is removed instead. With
   * `readAt`, the counter when the order was read: an order removed since then stays removed.
   */
  put(order: UOrder, readAt?: number): void {
    if (readAt !== undefined && (this.removed.get(order.id) ?? 0) > readAt) return;
    if (order.state !== 'open' && order.state !== 'waiting') {
      this.remove(order.id);
      return;
    }
    this.detach(order.id);
    const long = order.direction === 'buy';
    const entry: Entry =
      order.state === 'open'
        ? {
            order,
            side: long ? 'bid' : 'ask',
            // A long closes at the bid falling to its stop-loss or liquidation, or rising to its
            // take-profit; a short at the ask the other way round.
            low: long
              ? highest(level(order.stopLoss), level(order.liquidationPrice))
              : highest(level(order.takeProfit)),
            high: long
              ? lowest(level(order.takeProfit))
              : lowest(level(order.stopLoss), level(order.liquidationPrice)),
            stamp: this.stamp(),
          }
        : {
            order,
            // A waiting buy fills when the ask falls to its limit, a waiting sell when the bid rises to it.
            side: long ? 'ask' : 'bid',
            low: long ? highest(level(order.limitPrice)) : -Infinity,
            high: long ? Infinity : lowest(level(order.limitPrice)),
            stamp: this.stamp(),
          };
    let orders = this.byCode.get(order.code);
    if (!orders) this.byCode.set(order.code, (orders = new Map()));
    orders.set(order.id, entry);
    this.codeOf.set(order.id, order.code);
  }

  remove(id: string): void {
    this.detach(id);
    this.removed.set(id, this.stamp());
  }

  /**
   * The orders of `code` that `quote` triggers, checked exactly (open ones by `triggered`, waiting
   * ones by `limitReached`), as copies: a close marks its orders closed in memory before it knows
   * whether it committed.
   */
  triggered(code: string, quote: Quote): UOrder[] {
    const orders = this.byCode.get(code);
    if (!orders) return [];
    const bid = quote.bid.toNumber();
    const ask = quote.ask.toNumber();
    const hits: UOrder[] = [];
    for (const entry of orders.values()) {
      const price = entry.side === 'bid' ? bid : ask;
      if (price > entry.low && price < entry.high) continue;
      const { order } = entry;
      const exact =
        order.state === 'open'
          ? triggered(order, quote) !== null
          : limitReached(order.direction, order.limitPrice!, quote);
      if (exact) hits.push(copyOrder(order));
    }
    return hits;
  }

  /**
   * What a reconcile needs: the ids in the book added before `before` (with their state), to
   * compare with the table's live rows read after it.
   */
  entriesBefore(before: number): Map<string, LiveState> {
    const result = new Map<string, LiveState>();
    for (const orders of this.byCode.values())
      for (const [id, entry] of orders)
        if (entry.stamp < before) result.set(id, entry.order.state as LiveState);
    return result;
  }

  /**
   * Per state, the count of the book's orders and the sums of their ids and of their squares: equal
   * to the table's, the book holds the same orders (a reconcile with nothing to do reads one row).
   */
  checksum(): Record<LiveState, string> {
    const sums = { open: [0n, 0n, 0n], waiting: [0n, 0n, 0n] };
    for (const orders of this.byCode.values())
      for (const [id, entry] of orders) {
        const sum = sums[entry.order.state as LiveState];
        const n = BigInt(id);
        sum[0] += 1n;
        sum[1] += n;
        sum[2] += n * n;
      }
    return { open: sums.open.join(':'), waiting: sums.waiting.join(':') };
  }

  /** Forgets the removals older than `before` (no fetch started before it is still running). */
  forgetRemovedBefore(before: number): void {
    for (const [id, at] of this.removed) if (at < before) this.removed.delete(id);
  }

  private detach(id: string): void {
    const code = this.codeOf.get(id);
    if (code === undefined) return;
    this.codeOf.delete(id);
    const orders = this.byCode.get(code)!;
    orders.delete(id);
    if (orders.size === 0) this.byCode.delete(code);
  }
}
