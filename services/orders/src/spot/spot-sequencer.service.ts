import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { MARKET_PRICES, type Book, type MarketPrices } from '@app/common';
import { LedgerService, SystemAccount, type AccountRef, type JournalEntry, type Leg } from '@app/ledger';
import { REDIS_CLIENT } from '@app/queue';
import { OrderBook, OrderRejected, type OrderInput, type PlaceResult, type Side } from './matching';
import type { SpotCancelReason, SpotOrderState } from './entities/spot-order.entity';
import { SpotEvents, type SpotBatchMessage, type SpotDepth, type SpotTradeView } from './spot-events';
import { SpotParameters } from './spot-parameters';
import { SpotPairsService, type PairInfo } from './spot-pairs.service';

/** Orders (and cancels) taken from the work list in one transaction. */
const BATCH = 500;
const DEPTH_LEVELS = 50;
/** The engine's user id of the house's market maker (its orders have no user). */
const MM = 'mm';
const FEE_SCALE = 18;

/** An order of the book as the sequencer keeps it between batches (the DB row's money columns). */
export interface LiveOrder {
  id: string;
  userId: string | null;
  side: Side;
  type: 'limit' | 'market';
  price: Decimal | null;
  quantity: Decimal | null;
  quoteAmount: Decimal | null;
  filled: Decimal;
  turnover: Decimal;
  fee: Decimal;
  held: Decimal;
  heldLeft: Decimal;
  state: SpotOrderState;
  cancelReason: SpotCancelReason | null;
  bookSeq: string | null;
  closed: boolean;
  createdAt: Date;
}

interface OrderRow {
  id: string;
  user_id: string | null;
  side: Side;
  type: 'limit' | 'market';
  price: string | null;
  quantity: string | null;
  quote_amount: string | null;
  filled: string;
  turnover: string;
  fee: string;
  held: string;
  held_left: string;
  state: SpotOrderState;
  cancel_reason: SpotCancelReason | null;
  book_seq: string | null;
  cancel_requested_at: Date | null;
  created_at: Date;
}

const ORDER_COLUMNS = `id::text, user_id::text, side, type, price::text, quantity::text, quote_amount::text,
  filled::text, turnover::text, fee::text, held::text, held_left::text, state, cancel_reason,
  book_seq::text, cancel_requested_at, created_at`;

interface BookState {
  engine: OrderBook;
  /** The spot_books version this memory reflects. */
  version: number;
  /** Resting orders by id. */
  live: Map<string, LiveOrder>;
  /** Set while a batch runs: a failed batch leaves the memory ahead of the database. */
  dirty: boolean;
}

interface PendingTrade {
  seq: number;
  taker: LiveOrder;
  maker: LiveOrder;
  price: Decimal;
  quantity: Decimal;
  quoteAmount: Decimal;
  buyerFee: Decimal;
  sellerFee: Decimal;
}

function toLive(row: OrderRow): LiveOrder {
  const dec = (v: string | null) => (v === null ? null : new Decimal(v));
  return {
    id: row.id,
    userId: row.user_id,
    side: row.side,
    type: row.type,
    price: dec(row.price),
    quantity: dec(row.quantity),
    quoteAmount: dec(row.quote_amount),
    filled: new Decimal(row.filled),
    turnover: new Decimal(row.turnover),
    fee: new Decimal(row.fee),
    held: new Decimal(row.held),
    heldLeft: new Decimal(row.held_left),
    state: row.state,
    cancelReason: row.cancel_reason,
    bookSeq: row.book_seq,
    closed: row.state === 'filled' || row.state === 'cancelled',
    createdAt: row.created_at,
  };
}

/** What a spot order looks like to its owner (and in pushes). */
export function spotOrderView(o: LiveOrder, info: PairInfo) {
  const avg = o.filled.gt(0) ? o.turnover.div(o.filled).toDecimalPlaces(18, Decimal.ROUND_HALF_UP) : null;
  return {
    id: o.id,
    symbol: info.pair.symbol,
    base: info.pair.base,
    quote: info.pair.quote,
    side: o.side,
    type: o.type,
    price: o.price?.toFixed() ?? null,
    quantity: o.quantity?.toFixed() ?? null,
    quoteAmount: o.quoteAmount?.toFixed() ?? null,
    filled: o.filled.toFixed(),
    turnover: o.turnover.toFixed(),
    averagePrice: avg?.toFixed() ?? null,
    fee: o.fee.toFixed(),
    feeCurrency: o.side === 'buy' ? info.pair.base : info.pair.quote,
    held: o.held.toFixed(),
    heldLeft: o.heldLeft.toFixed(),
    state: o.state,
    cancelReason: o.cancelReason,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * The sequencer of the spot books: it runs only in the process that owns a pair (SpotOwnership),
 * one job at a time, and is the only code that matches. A batch takes the oldest accepted orders
 * and cancel requests of one book, matches them on the in-memory engine, and writes the orders,
 * the trades and their ledger settlement (both legs and the fees, keyed by trade id) in ONE
 * transaction, under the lock of the book's spot_books row. So a crash anywhere before the commit
 * leaves nothing (the next owner matches the same orders again, with the same trade sequence), and
 * a committed trade is never matched again (its orders are no longer pending). The version in
 * spot_books tells a process whose memory is behind (another owner wrote since) to rebuild the
 * book from its open orders, in their time priority (book_seq).
 */
@Injectable()
export class SpotSequencer {
  private readonly logger = new Logger(SpotSequencer.name);
  private readonly books = new Map<string, BookState>();
  /** Per pair, the tail of this process's sequencer work: one piece at a time, in order. */
  private readonly chains = new Map<string, Promise<void>>();
  /** Pairs with a drain queued and not started yet, with the books it is to look at. */
  private readonly kicked = new Map<string, Set<Book>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly pairs: SpotPairsService,
    private readonly parameters: SpotParameters,
    private readonly events: SpotEvents,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
  ) {}

  /** Drops what this process knows of a pair's books (it no longer owns the pair). */
  forget(symbol: string): void {
    this.books.delete(`${symbol}|real`);
    this.books.delete(`${symbol}|demo`);
  }

  /**
   * Runs `work` after every earlier piece of sequencer work of the pair in this process (queue
   * jobs and kicks), one at a time. Correctness does not rest on it (each batch runs under the row
   * lock of its book and checks its version); it keeps the memory of the book from being raced.
   */
  exclusive<T>(symbol: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(symbol) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(symbol, tail);
    void tail.then(() => {
      if (this.chains.get(symbol) === tail) this.chains.delete(symbol);
    });
    return run;
  }

  /**
   * Accepted orders or cancel requests wait on these books (none given: look for them): a drain
   * runs as soon as the pair's earlier work is done. Kicks that arrive before it starts join it,
   * so a burst of orders is matched and settled in a few batches rather than one by one.
   * `owned` is asked when the drain starts: a process that gave the pair up meanwhile leaves it.
   */
  kick(symbol: string, books: Book[], owned: () => boolean = () => true): void {
    const queued = this.kicked.get(symbol);
    if (queued) {
      if (books.length === 0) queued.clear();
      else if (queued.size > 0) for (const b of books) queued.add(b);
      return;
    }
    // An empty set stands for "every book with work".
    this.kicked.set(symbol, new Set(books));
    this.exclusive(symbol, async () => {
      const wanted = this.kicked.get(symbol);
      this.kicked.delete(symbol);
      if (!owned()) return 0;
      return this.drain(symbol, wanted && wanted.size > 0 ? [...wanted] : undefined);
    }).catch((error: Error) => this.logger.warn(`spot drain ${symbol}: ${error.message}`));
  }

  /** Books of the pair that have accepted orders or cancel requests waiting. */
  async booksWithWork(symbol: string): Promise<Book[]> {
    const rows: { book: Book }[] = await this.dataSource.query(
      `SELECT DISTINCT book FROM orders.spot_orders
        WHERE symbol = $1 AND (state = 'pending' OR (cancel_requested_at IS NOT NULL AND state IN ('open', 'partial')))`,
      [symbol],
    );
    return rows.map((r) => r.book);
  }

  /** Processes everything waiting on the pair's books; answers how many orders and cancels it took. */
  async drain(symbol: string, books?: Book[]): Promise<number> {
    const info = await this.pairs.find(symbol);
    if (!info) return 0;
    let total = 0;
    for (const book of books ?? (await this.booksWithWork(symbol))) {
      for (;;) {
        const n = await this.batch(info, book);
        total += n;
        if (n < BATCH) break;
      }
    }
    return total;
  }

  /** The current book of a pair (rebuilding it when this process is behind), for depth snapshots. */
  async depth(symbol: string, book: Book): Promise<SpotDepth | null> {
    const info = await this.pairs.find(symbol);
    if (!info) return null;
    const key = `${symbol}|${book}`;
    const state = this.books.get(key);
    if (state && !state.dirty) {
      const [row]: { version: string }[] = await this.dataSource.query(
        `SELECT version::text FROM orders.spot_books WHERE symbol = $1 AND book = $2`,
        [symbol, book],
      );
      if (row && Number(row.version) === state.version) return this.depthOf(info, book, state);
    }
    return null;
  }

  /**
   * The market maker's resting orders of a book, from this process's memory (null when it has no
   * current memory of the book).
   */
  makerOrders(symbol: string, book: Book): LiveOrder[] | null {
    const state = this.books.get(`${symbol}|${book}`);
    if (!state || state.dirty) return null;
    return [...state.live.values()].filter((o) => o.userId === null);
  }

  private async batch(info: PairInfo, book: Book): Promise<number> {
    const symbol = info.pair.symbol;
    const key = `${symbol}|${book}`;
    const feeRate = (await this.parameters.feeRatePercent()).div(100);
    let state: BookState | undefined;
    let outcome:
      { count: number; message: SpotBatchMessage | null; version: number; state: BookState } | undefined;
    try {
      outcome = await this.dataSource.transaction(async (m) => {
        const [head]: { version: string; trade_seq: string }[] = await m.query(
          `SELECT version::text, trade_seq::text FROM orders.spot_books WHERE symbol = $1 AND book = $2 FOR UPDATE`,
          [symbol, book],
        );
        if (!head) throw new Error(`no spot_books row for ${key}`);
        state = this.books.get(key);
        if (!state || state.dirty || state.version !== Number(head.version)) {
          state = await this.rebuild(m, info, book, Number(head.version), Number(head.trade_seq));
          this.books.set(key, state);
        }
        const work: OrderRow[] = await m.query(
          `SELECT ${ORDER_COLUMNS} FROM orders.spot_orders
            WHERE symbol = $1 AND book = $2
              AND (state = 'pending' OR (cancel_requested_at IS NOT NULL AND state IN ('open', 'partial')))
            ORDER BY id LIMIT ${BATCH}`,
          [symbol, book],
        );
        if (work.length === 0) return { count: 0, message: null, version: state.version, state };
        state.dirty = true;
        const result = this.match(info, state, work, feeRate);
        await m.query(
          `UPDATE orders.spot_books SET version = $3, trade_seq = $4 WHERE symbol = $1 AND book = $2`,
          [symbol, book, result.version, state.engine.lastSequence],
        );
        // Last: the ledger locks the users' balance rows, held until the commit right after.
        await this.persist(m, info, book, result);
        return {
          count: work.length,
          version: result.version,
          state,
          message: {
            symbol,
            book,
            depth: this.depthOf(info, book, state, result.version),
            trades: result.tradeViews,
            orders: [...result.changed.values()]
              .filter((o) => o.userId !== null)
              .map((o) => ({ userId: o.userId!, order: spotOrderView(o, info) })),
            settled: work.map((w) => w.id),
          },
        };
      });
    } catch (error) {
      // The memory may be ahead of what was written: the next batch rebuilds it.
      if (state) state.dirty = true;
      throw error;
    }
    outcome.state.version = outcome.version;
    outcome.state.dirty = false;
    if (outcome.message) {
      await this.redis
        .set(`spot:depth:${book}:${symbol}`, JSON.stringify(outcome.message.depth))
        .catch((error: Error) => this.logger.warn(`depth ${key}: ${error.message}`));
      this.events.publish(outcome.message);
    }
    return outcome.count;
  }

  /** The book again from its open orders, in time priority; the engine resumes the trade sequence. */
  private async rebuild(
    m: EntityManager,
    info: PairInfo,
    book: Book,
    version: number,
    tradeSeq: number,
  ): Promise<BookState> {
    const rows: OrderRow[] = await m.query(
      `SELECT ${ORDER_COLUMNS} FROM orders.spot_orders
        WHERE symbol = $1 AND book = $2 AND state IN ('open', 'partial')
        ORDER BY book_seq, id`,
      [info.pair.symbol, book],
    );
    const engine = new OrderBook(tradeSeq);
    const live = new Map<string, LiveOrder>();
    for (const row of rows) {
      const o = toLive(row);
      const ticks = info.units.priceToTicks(o.price!);
      const lots = info.units.quantityToLots(o.quantity!.minus(o.filled));
      if (ticks === null || lots === null) {
        this.logger.error(
          `order ${o.id} of ${info.pair.symbol} cannot rest: ${String(o.price)} x ${String(o.quantity)}`,
        );
        continue;
      }
      engine.restore({ id: o.id, userId: o.userId ?? MM, side: o.side, price: ticks, remaining: lots });
      live.set(o.id, o);
    }
    if (rows.length > 0) this.logger.log(`rebuilt ${info.pair.symbol} ${book}: ${rows.length} open orders`);
    return { engine, version, live, dirty: false };
  }

  private match(info: PairInfo, state: BookState, work: OrderRow[], feeRate: Decimal) {
    const units = info.units;
    const changed = new Map<string, LiveOrder>();
    const trades: PendingTrade[] = [];
    const releases: LiveOrder[] = [];
    let version = state.version;

    const close = (o: LiveOrder, to: 'filled' | 'cancelled', reason: SpotCancelReason | null) => {
      o.state = to;
      o.cancelReason = reason;
      o.closed = true;
      state.live.delete(o.id);
      if (o.heldLeft.gt(0)) releases.push(o);
      changed.set(o.id, o);
    };

    for (const row of work) {
      version += 1;
      if (row.cancel_requested_at !== null) {
        if (row.state === 'pending') {
          close(toLive(row), 'cancelled', 'user');
        } else {
          const o = state.live.get(row.id);
          if (o && state.engine.cancel(o.id) !== null) close(o, 'cancelled', o.userId ? 'user' : 'requote');
        }
        continue;
      }
      const taker = toLive(row);
      const input = this.input(taker, info);
      let result: PlaceResult;
      try {
        if (!input) throw new OrderRejected('not a whole number of ticks and lots');
        result = state.engine.place(input);
      } catch (error) {
        if (!(error instanceof OrderRejected)) throw error;
        this.logger.warn(`order ${taker.id} rejected: ${error.message}`);
        close(taker, 'cancelled', 'rejected');
        continue;
      }
      for (const expired of result.expiredMakers) {
        const maker = state.live.get(expired.orderId);
        if (maker) close(maker, 'cancelled', 'self_trade');
      }
      for (const t of result.trades) {
        const maker = state.live.get(t.makerOrderId)!;
        const price = units.ticksToPrice(t.price);
        const quantity = units.lotsToQuantity(t.quantity);
        const quoteAmount = units.notional(t.price, t.quantity);
        const buyerFee = quantity.mul(feeRate).toDecimalPlaces(FEE_SCALE, Decimal.ROUND_DOWN);
        const sellerFee = quoteAmount.mul(feeRate).toDecimalPlaces(FEE_SCALE, Decimal.ROUND_DOWN);
        for (const o of [taker, maker]) {
          o.filled = o.filled.plus(quantity);
          o.turnover = o.turnover.plus(quoteAmount);
          if (o.side === 'buy') {
            o.fee = o.fee.plus(buyerFee);
            if (o.userId) o.heldLeft = o.heldLeft.minus(quoteAmount);
          } else {
            o.fee = o.fee.plus(sellerFee);
            if (o.userId) o.heldLeft = o.heldLeft.minus(quantity);
          }
          if (o.heldLeft.lt(0)) throw new Error(`order ${o.id} would spend more than it holds`);
        }
        trades.push({ seq: t.seq, taker, maker, price, quantity, quoteAmount, buyerFee, sellerFee });
        if (state.engine.has(maker.id)) {
          maker.state = 'partial';
          changed.set(maker.id, maker);
        } else {
          close(maker, 'filled', null);
        }
      }
      if (result.resting > 0) {
        taker.state = result.filled > 0 ? 'partial' : 'open';
        taker.bookSeq = String(version);
        state.live.set(taker.id, taker);
        changed.set(taker.id, taker);
      } else if (taker.type === 'market') {
        const exhausted =
          taker.side === 'sell'
            ? result.cancelled > 0
            : state.engine.bestAsk() === undefined && taker.heldLeft.gt(0);
        if (result.filled === 0 || exhausted) close(taker, 'cancelled', 'no_liquidity');
        else close(taker, 'filled', null);
      } else {
        close(taker, 'filled', null);
      }
    }
    const tradeViews: SpotTradeView[] = [];
    return { changed, trades, releases, version, tradeViews };
  }

  private input(o: LiveOrder, info: PairInfo): OrderInput | null {
    const userId = o.userId ?? MM;
    if (o.type === 'limit') {
      const price = o.price ? info.units.priceToTicks(o.price) : null;
      const quantity = o.quantity ? info.units.quantityToLots(o.quantity) : null;
      if (price === null || quantity === null) return null;
      return { id: o.id, userId, side: o.side, type: 'limit', price, quantity };
    }
    if (o.side === 'sell') {
      const quantity = o.quantity ? info.units.quantityToLots(o.quantity) : null;
      return quantity === null ? null : { id: o.id, userId, side: 'sell', type: 'market', quantity };
    }
    if (!o.quoteAmount) return null;
    // A market buy is bounded by what it may spend; at the smallest price that buys `units` lots.
    const budget = info.units.quoteToUnits(o.quoteAmount);
    if (budget <= 0) return null;
    return { id: o.id, userId, side: 'buy', type: 'market', quantity: budget, quoteLimit: budget };
  }

  private async persist(
    m: EntityManager,
    info: PairInfo,
    book: Book,
    result: ReturnType<SpotSequencer['match']>,
  ): Promise<void> {
    const symbol = info.pair.symbol;
    const orders = [...result.changed.values()];
    // The final hold of a closing order returns to its owner (limit buys filled below their price,
    // unspent market-buy money, cancelled rests).
    const released = new Map<string, Decimal>();
    for (const o of result.releases) {
      released.set(o.id, o.heldLeft);
      o.heldLeft = new Decimal(0);
    }
    if (orders.length > 0) {
      await m.query(
        `UPDATE orders.spot_orders o
            SET state = u.state, filled = u.filled, turnover = u.turnover, fee = u.fee, held_left = u.held_left,
                cancel_reason = u.cancel_reason, book_seq = u.book_seq, updated_at = now(),
                closed_at = CASE WHEN u.closed THEN now() ELSE o.closed_at END
           FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[],
                       $7::text[], $8::bigint[], $9::boolean[])
             AS u(id, state, filled, turnover, fee, held_left, cancel_reason, book_seq, closed)
          WHERE o.id = u.id`,
        [
          orders.map((o) => o.id),
          orders.map((o) => o.state),
          orders.map((o) => o.filled.toFixed()),
          orders.map((o) => o.turnover.toFixed()),
          orders.map((o) => o.fee.toFixed()),
          orders.map((o) => o.heldLeft.toFixed()),
          orders.map((o) => o.cancelReason),
          orders.map((o) => o.bookSeq),
          orders.map((o) => o.closed),
        ],
      );
    }
    const entries: JournalEntry[] = [];
    if (result.trades.length > 0) {
      const t = result.trades;
      const inserted: { id: string; seq: string; created_at: Date }[] = await m.query(
        `INSERT INTO orders.spot_trades (symbol, book, seq, taker_order_id, maker_order_id, taker_side, price,
                quantity, quote_amount, buyer_fee, seller_fee)
         SELECT $1, $2, u.seq, u.taker, u.maker, u.side, u.price, u.quantity, u.quote, u.bfee, u.sfee
           FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::numeric[], $8::numeric[],
                       $9::numeric[], $10::numeric[], $11::numeric[])
             AS u(seq, taker, maker, side, price, quantity, quote, bfee, sfee)
         ORDER BY u.seq
         RETURNING id::text, seq::text, created_at`,
        [
          symbol,
          book,
          t.map((x) => x.seq),
          t.map((x) => x.taker.id),
          t.map((x) => x.maker.id),
          t.map((x) => x.taker.side),
          t.map((x) => x.price.toFixed()),
          t.map((x) => x.quantity.toFixed()),
          t.map((x) => x.quoteAmount.toFixed()),
          t.map((x) => x.buyerFee.toFixed()),
          t.map((x) => x.sellerFee.toFixed()),
        ],
      );
      const bySeq = new Map(inserted.map((r) => [Number(r.seq), r]));
      for (const trade of t) {
        const row = bySeq.get(trade.seq)!;
        entries.push(this.settlement(info, book, row.id, trade));
        result.tradeViews.push({
          id: row.id,
          seq: row.seq,
          symbol,
          price: trade.price.toFixed(),
          quantity: trade.quantity.toFixed(),
          quoteAmount: trade.quoteAmount.toFixed(),
          takerSide: trade.taker.side,
          at: row.created_at.toISOString(),
        });
      }
    }
    for (const [id, amount] of released) {
      const o = result.changed.get(id)!;
      const currency = o.side === 'buy' ? info.pair.quote : info.pair.base;
      const owner = { type: 'user' as const, id: o.userId! };
      entries.push({
        key: `spot-release-${id}`,
        reason: 'spot_order_release',
        refType: 'spot_order',
        refId: id,
        legs: [
          {
            from: { owner, book, currency, kind: 'frozen' },
            to: { owner, book, currency, kind: 'available' },
            amount,
          },
        ],
      });
    }
    // One round trip; all or nothing with the rows above.
    if (entries.length > 0) await this.ledger.postMany(entries, m);
  }

  /**
   * A trade's settlement: the buyer's held quote goes to the seller and the seller's held base to
   * the buyer; each side's fee (buyer in base, seller in quote) goes to the fee account. The
   * market maker trades from its own (system) account, without holds.
   */
  private settlement(info: PairInfo, book: Book, tradeId: string, t: PendingTrade): JournalEntry {
    const buyer = t.taker.side === 'buy' ? t.taker : t.maker;
    const seller = t.taker.side === 'buy' ? t.maker : t.taker;
    const { base, quote } = info.pair;
    const from = (o: LiveOrder, currency: string): AccountRef =>
      o.userId
        ? { owner: { type: 'user', id: o.userId }, book, currency, kind: 'frozen' }
        : { owner: { type: 'system', id: SystemAccount.MarketMaker }, book, currency, kind: 'main' };
    const to = (o: LiveOrder, currency: string): AccountRef =>
      o.userId
        ? { owner: { type: 'user', id: o.userId }, book, currency, kind: 'available' }
        : { owner: { type: 'system', id: SystemAccount.MarketMaker }, book, currency, kind: 'main' };
    const fees = (currency: string): AccountRef => ({
      owner: { type: 'system', id: SystemAccount.Fees },
      book,
      currency,
      kind: 'main',
    });
    const legs: Leg[] = [];
    const add = (leg: Leg) => {
      if (new Decimal(leg.amount).gt(0)) legs.push(leg);
    };
    add({ from: from(buyer, quote), to: to(seller, quote), amount: t.quoteAmount.minus(t.sellerFee) });
    add({ from: from(buyer, quote), to: fees(quote), amount: t.sellerFee });
    add({ from: from(seller, base), to: to(buyer, base), amount: t.quantity.minus(t.buyerFee) });
    add({ from: from(seller, base), to: fees(base), amount: t.buyerFee });
    return {
      key: `spot-trade-${tradeId}`,
      reason: 'spot_trade',
      refType: 'spot_trade',
      refId: tradeId,
      legs,
    };
  }

  private depthOf(info: PairInfo, book: Book, state: BookState, version = state.version): SpotDepth {
    const raw = state.engine.depth(DEPTH_LEVELS);
    const level = ([price, quantity, count]: [number, number, number]): [string, string, number] => [
      info.units.ticksToPrice(price).toFixed(),
      info.units.lotsToQuantity(quantity).toFixed(),
      count,
    ];
    return {
      symbol: info.pair.symbol,
      book,
      version,
      bids: raw.bids.map(level),
      asks: raw.asks.map(level),
    };
  }

  /** The feed price of the pair's instrument, or null (no instrument, no price, market closed). */
  async feedPrice(info: PairInfo): Promise<Decimal | null> {
    if (!info.instrumentCode || !this.prices.isTradable(info.instrumentCode)) return null;
    try {
      return await this.prices.lastPrice(info.instrumentCode);
    } catch {
      return null;
    }
  }
}
