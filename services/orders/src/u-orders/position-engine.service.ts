import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { Clock, MARKET_PRICES, preparedQuery, type MarketPrices } from '@app/common';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';
import type { UOrder } from './entities/u-order.entity';
import { copyOrder, PositionBook, type LiveState } from './position-book';
import { TradingEvent, TradingEvents, type TradingMessage } from './trading-events';
import {
  limitFillPrice,
  moveReachesLimit,
  moveTrigger,
  quoteAround,
  type Direction,
  type PriceMove,
} from './u-order-math';
import { UOrdersService, type TickCheck } from './u-orders.service';

/**
 * How often the book of live orders is compared with the table (what other processes' order events
 * did not tell: a lost message, rows written by hand).
 */
const RECONCILE_MS = 5_000;
/** Per code, the time of the last tick the engine checked (a restart catches up from there). */
const PROCESSED_KEY = 'trading:processed';
const PROCESSED_FLUSH_MS = 1_000;

/** PositionBook.checksum of the table: per live state, count, sum of the ids and of their squares. */
const RECONCILE_SUMS_SQL = `
  SELECT ${(['open', 'waiting'] as const)
    .map(
      (state) =>
        `count(*) FILTER (WHERE state = '${state}') || ':' ||
         coalesce(sum(id) FILTER (WHERE state = '${state}'), 0) || ':' ||
         coalesce(sum(id::numeric * id) FILTER (WHERE state = '${state}'), 0) AS ${state}`,
    )
    .join(', ')}
    FROM orders.u_orders WHERE state IN ('open', 'waiting')`;

interface CatchUpRow extends LiveRow {
  code: string;
  limit_price: string | null;
  opened_at: Date | null;
  created_at: Date;
}

/** A tick or a K-line of the time the engine was down, with what it proves. */
interface RecordedMove extends PriceMove {
  at: Date;
  source: 'tick' | 'kline';
}

interface LiveRow {
  id: string;
  code: string;
  state: 'open' | 'waiting';
  direction: Direction;
  stop_loss: string | null;
  take_profit: string | null;
  liquidation_price: string | null;
}

const dec = (v: string | null) => (v === null ? null : new Decimal(v));

/** A tick as the market publishes it. */
interface Tick {
  code: string;
  price: string;
  ts: number;
}

/**
 * What triggers a live order, one partial index each (TradingTriggerIndexes1766300001000): the
 * order's state and direction, its level, and how the level compares with which side of the quote.
 * A long closes at the bid when it falls to the stop-loss or the liquidation price or rises to the
 * take-profit, a short at the ask the other way round; a waiting buy opens when the ask falls to its
 * limit, a waiting sell when the bid rises to it.
 */
const TRIGGERS = [
  ['open', 'buy', 'stop_loss', '>=', 'bid'],
  ['open', 'buy', 'take_profit', '<=', 'bid'],
  ['open', 'buy', 'liquidation_price', '>=', 'bid'],
  ['open', 'sell', 'stop_loss', '<=', 'ask'],
  ['open', 'sell', 'take_profit', '>=', 'ask'],
  ['open', 'sell', 'liquidation_price', '<=', 'ask'],
  ['waiting', 'buy', 'limit_price', '>=', 'ask'],
  ['waiting', 'sell', 'limit_price', '<=', 'bid'],
] as const;

/**
 * The live orders that the quotes of several instruments trigger, in one statement: per
 * instrument (LATERAL) one range probe of each trigger's index, so only triggered orders are read
 * (the conditions of \`triggered\` and \`limitReached\` in SQL). $1 codes, $2 bids, $3 asks. Whole
 * rows, an order two triggers hit once: the close settles what it read.
 */
const CANDIDATES_SQL = `
  SELECT DISTINCT ON (o.id) o.*
    FROM unnest($1::text[], $2::numeric[], $3::numeric[]) AS t(code, bid, ask)
   CROSS JOIN LATERAL (${TRIGGERS.map(
     ([state, direction, level, compare, side]) =>
       `SELECT * FROM orders.u_orders WHERE code = t.code AND state = '${state}'
           AND direction = '${direction}' AND ${level} IS NOT NULL AND ${level} ${compare} t.${side}`,
   ).join(' UNION ALL ')}) o
   ORDER BY o.id`;

/**
 * Closes and openings running at once in one process (the tick loop, the sweep job, a catch-up).
 * Each is a transaction holding a pooled connection, and the ledger may take a second one to
 * create an account it has not cached yet: unbounded, they could take every connection of the pool
 * and wait for one more forever. Well below the pool size (20).
 */
export const ENGINE_CONCURRENCY = 4;
/** Tick rounds in flight at once (each holds at most a connection for its query or its close). */
const MAX_ROUNDS = 3;
/** A failed close or opening is tried again after this long, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * A close or an opening that failed (a transient database error), to try again at the price and
 * the moment of the trigger that fired it, however the market moved since. Trying again is safe:
 * each attempt locks the row and requires it still open (or waiting), and the posting's key is the
 * order's, so the order moves once whoever gets there first.
 */
interface Retry {
  orderId: string;
  code: string;
  /** The time of the recorded tick or K-line that triggered (null for the sweep's quote). */
  at: number | null;
  /** One attempt: resolves when the order moved or no longer needs to (closed, cancelled). */
  attempt: () => Promise<unknown>;
  attempts: number;
  due: number;
}

/** At most `limit` tasks at a time, the others wait in order. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Follows the market's tick channel and closes positions on stop-loss, take-profit or liquidation,
 * and opens waiting limit orders, at the price of the tick that triggered. Every process runs it;
 * a close locks the order row and requires it still open, so a position closes once however many
 * processes see the tick. A tick is checked against the process's PositionBook (no query between
 * the tick and the closing statement); the book follows the other processes' order events and is
 * compared with the table every RECONCILE_MS. A sweep job checks the table itself against the
 * current quotes as well, so a trigger missed while no process listened is caught up.
 */
@Injectable()
export class PositionEngine implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PositionEngine.name);
  private subscriber: Redis | undefined;
  /**
   * Ticks not checked yet, per instrument in their order of arrival. They are checked in rounds:
   * each round takes the oldest tick of every instrument that has one and no round in flight, so
   * a burst of ticks on many instruments costs one candidate query and one closing statement,
   * not one each. Up to MAX_ROUNDS rounds run at once, on different instruments: the ticks of a
   * burst that arrive while a round is in flight do not wait for its commit.
   */
  private pending = new Map<string, Tick[]>();
  /** Instruments whose tick a round in flight is checking (their next tick waits for it). */
  private readonly busy = new Set<string>();
  private readonly rounds = new Set<Promise<void>>();
  private pumpScheduled = false;
  /** Ticks checked since start (for benchmarks and tests). */
  checkedTicks = 0;
  /** Live orders another process announced, to read into the book (a round waits for the read). */
  private toFetch = new Set<string>();
  private fetching: Promise<void> = Promise.resolve();
  private reconcileTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | undefined;
  /** Ticks checked since the last flush to PROCESSED_KEY. */
  private processed = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  /**
   * Live ticks and the sweep wait until the restart has caught up with what happened while it was
   * down (else they would close at today's price what the catch-up closes at its own trigger's).
   * Pending from construction: the queue's workers start before onApplicationBootstrap, so a sweep
   * job can come before the catch-up has even begun.
   */
  private caughtUp: Promise<unknown>;
  private started: (() => void) | undefined;
  /**
   * Failed closes and openings, by order id, tried again at their own trigger's price. While one is
   * pending, the order fires on nothing else, and its trigger's tick does not count as processed:
   * a restart before it succeeds catches it up from the recorded ticks.
   */
  private readonly retries = new Map<string, Retry>();
  private retryTimer: NodeJS.Timeout | undefined;
  private retrying: Promise<void> | undefined;
  private stopped = false;
  private readonly gate = new Gate(ENGINE_CONCURRENCY);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    private readonly orders: UOrdersService,
    private readonly book: PositionBook,
    private readonly events: TradingEvents,
    private readonly clock: Clock,
  ) {
    this.caughtUp = new Promise<void>((resolve) => (this.started = resolve));
  }

  /** The market service publishes every tick here (channels are not keys: prefixed by hand). */
  private get channel(): string {
    return `${this.redisOptions.prefix}:market:ticks`;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Listening first, then catching up: a tick in between is checked after the catch-up, not lost.
    // The other processes' order events too, from before the book is read: none is missed between.
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) =>
      channel === this.channel ? this.onTick(message) : this.onOrderEvent(message),
    );
    await this.subscriber.subscribe(this.channel, this.events.channel);
    this.stopped = false;
    this.caughtUp = this.catchUp()
      .then((n) => n > 0 && this.logger.log(`caught up at start: ${n} order(s) closed or opened`))
      .catch((error: Error) => this.logger.error(`catch-up at start: ${error.message}`))
      .then(() => this.reconcile())
      .catch((error: Error) => this.logger.error(`reading the live orders: ${error.message}`))
      .finally(() => {
        this.started?.();
        this.started = undefined;
      });
    this.flushTimer = setInterval(() => void this.flushProcessed(), PROCESSED_FLUSH_MS);
    this.reconcileTimer = setInterval(
      () => void this.reconcile().catch((error: Error) => this.logger.warn(`live orders: ${error.message}`)),
      RECONCILE_MS,
    );
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    clearInterval(this.flushTimer);
    this.flushTimer = undefined;
    clearInterval(this.reconcileTimer);
    this.reconcileTimer = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
    // Never started (the application failed to start): nothing to wait for, nobody waits any more.
    this.started?.();
    this.started = undefined;
    await this.caughtUp;
    while (this.rounds.size > 0 || this.pending.size > 0) {
      this.pump();
      await Promise.all(this.rounds);
    }
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.retrying;
    // What still fails is left to the next start: its tick stays unprocessed (flushed so).
    await this.flushProcessed();
    if (this.retries.size > 0)
      this.logger.warn(`stopping with ${this.retries.size} failed close(s) to catch up`);
    this.retries.clear();
    await this.reconciling;
    await this.fetching;
  }

  /**
   * Writes the last tick checked per code, but never past a tick whose close or opening failed and
   * waits to be tried again: a restart catches up from just before it.
   */
  private async flushProcessed(): Promise<void> {
    if (this.processed.size === 0) return;
    const batch = this.processed;
    this.processed = new Map();
    const floors = new Map<string, number>();
    for (const { code, at } of this.retries.values())
      if (at !== null) floors.set(code, Math.min(at - 1, floors.get(code) ?? Infinity));
    const entries = [...batch].map(([code, ts]) => [code, String(Math.min(ts, floors.get(code) ?? ts))]);
    await this.redis
      .hset(PROCESSED_KEY, Object.fromEntries(entries))
      .catch((error: Error) => this.logger.warn(`processed ticks: ${error.message}`));
  }

  /** Tries a failed close or opening again later, at its own trigger's price (once per order). */
  private retryLater(retry: Omit<Retry, 'attempts' | 'due'>, error: Error): void {
    this.logger.error(`U order ${retry.orderId}: ${error.message}; trying again`);
    if (this.retries.has(retry.orderId)) return;
    this.retries.set(retry.orderId, { ...retry, attempts: 1, due: Date.now() + RETRY_FIRST_MS });
    this.scheduleRetries();
  }

  private scheduleRetries(): void {
    if (this.stopped || this.retrying || this.retries.size === 0) return;
    const due = Math.min(...[...this.retries.values()].map((r) => r.due));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.retrying = this.runRetries().finally(() => {
          this.retrying = undefined;
          this.scheduleRetries();
        });
      },
      Math.max(due - Date.now(), 0),
    );
  }

  /** Runs the retries that are due, oldest trigger first; a failure waits twice as long as before. */
  private async runRetries(): Promise<void> {
    const due = [...this.retries.values()]
      .filter((r) => r.due <= Date.now())
      .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity));
    for (const retry of due) {
      if (this.stopped) return;
      try {
        await this.gate.run(retry.attempt);
        this.retries.delete(retry.orderId);
      } catch (error) {
        retry.attempts++;
        retry.due = Date.now() + Math.min(RETRY_FIRST_MS * 2 ** (retry.attempts - 1), RETRY_MAX_MS);
        this.logger.error(
          `U order ${retry.orderId}, attempt ${retry.attempts - 1}: ${(error as Error).message}`,
        );
      }
    }
  }

  /**
   * Brings the book in line with the table: adds the live orders it lacks or holds in another state,
   * drops those no longer live. Only what the book held before the read can be dropped (an order
   * added meanwhile is newer than the read). Benchmarks and tests call it after writing rows by hand.
   */
  async reconcile(): Promise<void> {
    if (this.reconciling) return this.reconciling;
    this.reconciling = (async () => {
      const before = this.book.stamp();
      // Most of the time the book holds what the table holds: one row tells, not one per order.
      const [sums] = await this.dataSource.query<{ open: string; waiting: string }[]>(RECONCILE_SUMS_SQL);
      const mine = this.book.checksum();
      if (sums.open === mine.open && sums.waiting === mine.waiting) {
        this.book.forgetRemovedBefore(before);
        return;
      }
      const rows: { id: string; state: LiveState }[] = await this.dataSource.query(
        `SELECT id::text AS id, state FROM orders.u_orders WHERE state IN ('open', 'waiting')`,
      );
      const held = this.book.entriesBefore(before);
      const live = new Set<string>();
      const missing: string[] = [];
      for (const { id, state } of rows) {
        live.add(id);
        if (this.book.state(id) !== state) missing.push(id);
      }
      for (const id of held.keys()) if (!live.has(id)) this.book.remove(id);
      await this.fetchInto(missing, before);
      this.book.forgetRemovedBefore(before);
    })().finally(() => (this.reconciling = undefined));
    return this.reconciling;
  }

  /** Reads live orders by id into the book (in slices: a start reads every live order). */
  private async fetchInto(ids: string[], readAt: number): Promise<void> {
    for (let from = 0; from < ids.length; from += 5_000) {
      const rows = await this.dataSource.query<Record<string, unknown>[]>(
        `SELECT * FROM orders.u_orders WHERE id = ANY($1::bigint[]) AND state IN ('open', 'waiting')`,
        [ids.slice(from, from + 5_000)],
      );
      for (const row of rows) this.book.put(this.orders.hydrate(row), readAt);
    }
  }

  /**
   * Another process opened, filled, closed or cancelled an order (its own changes are in the book
   * already): a closed one leaves the book, a new or changed live one is read into it before the
   * next round.
   */
  private onOrderEvent(message: string): void {
    let id: string, state: string;
    try {
      const parsed = JSON.parse(message) as TradingMessage;
      if (parsed.event !== TradingEvent.Order) return;
      ({ id, state } = parsed.payload as { id: string; state: string });
    } catch {
      return;
    }
    if (state !== 'open' && state !== 'waiting') {
      this.book.remove(id);
      return;
    }
    if (this.book.state(id) === state || this.toFetch.has(id)) return;
    if (this.toFetch.size === 0) {
      const readAt = this.book.stamp();
      this.fetching = this.fetching
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          const ids = [...this.toFetch];
          this.toFetch = new Set();
          return this.fetchInto(ids, readAt);
        })
        .catch((error: Error) => this.logger.warn(`reading announced orders: ${error.message}`));
    }
    this.toFetch.add(id);
  }

  private onTick(message: string): void {
    let tick: Tick;
    try {
      tick = JSON.parse(message) as Tick;
    } catch {
      return;
    }
    const queue = this.pending.get(tick.code);
    if (queue) queue.push(tick);
    else this.pending.set(tick.code, [tick]);
    this.schedulePump();
  }

  /** Starts rounds at the end of this I/O turn: the ticks that arrived together go in one. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      void this.caughtUp.then(() => this.pump());
    });
  }

  /** Starts rounds while there is room and a waiting tick whose instrument no round checks. */
  private pump(): void {
    while (this.rounds.size < MAX_ROUNDS) {
      const round: Tick[] = [];
      for (const [code, queue] of this.pending) {
        if (this.busy.has(code)) continue;
        round.push(queue.shift()!);
        if (queue.length === 0) this.pending.delete(code);
      }
      if (round.length === 0) return;
      for (const tick of round) this.busy.add(tick.code);
      const running: Promise<void> = this.checkRound(round).finally(() => {
        for (const tick of round) this.busy.delete(tick.code);
        this.rounds.delete(running);
        this.pump();
      });
      this.rounds.add(running);
    }
  }

  /** One round: at most one tick per instrument. Never rejects (a failure is logged). */
  private async checkRound(round: Tick[]): Promise<void> {
    try {
      // Orders other processes announced before these ticks are in the book first.
      await this.fetching;
      const checks: TickCheck[] = [];
      const hits: UOrder[] = [];
      for (const tick of round) {
        if (!this.book.has(tick.code)) continue;
        const terms = this.prices.instrument(tick.code);
        const quote = quoteAround(new Decimal(tick.price), terms.spread, terms.pricePrecision);
        const triggered = this.book.triggered(tick.code, quote);
        if (triggered.length === 0) continue;
        checks.push({ code: tick.code, quote, evidence: { source: 'tick', at: new Date(tick.ts) } });
        hits.push(...triggered);
      }
      if (hits.length > 0) await this.fire(checks, hits);
      // Only a round that was checked counts as processed: after a failure, a restart catches up
      // from the ticks before it (and the sweep job checks the current quotes meanwhile). A close
      // or an opening that failed is tried again at this tick's price, and until then the tick is
      // written as unprocessed (flushProcessed).
      for (const tick of round) {
        this.processed.set(tick.code, Math.max(tick.ts, this.processed.get(tick.code) ?? 0));
      }
    } catch (error) {
      this.logger.warn(`ticks of ${round.map((t) => t.code).join(', ')}: ${(error as Error).message}`);
    }
    this.checkedTicks += round.length;
  }

  /**
   * Fires whatever each quote triggers on the live orders of its instrument in the table (at most
   * one quote per instrument): the database picks the candidates in one query (the sweep's check).
   */
  async checkMany(checks: TickCheck[]): Promise<number> {
    const rows = await preparedQuery<LiveRow & Record<string, unknown>>(
      this.dataSource,
      'u_orders_triggered',
      CANDIDATES_SQL,
      [
        checks.map((c) => c.code),
        checks.map((c) => c.quote.bid.toFixed()),
        checks.map((c) => c.quote.ask.toFixed()),
      ],
    );
    return rows.length === 0
      ? 0
      : this.fire(
          checks,
          rows.map((row) => this.orders.hydrate(row)),
        );
  }

  /**
   * Opens the waiting orders among `candidates` one by one and closes every open one in one
   * statement (UOrdersService.closeTriggered, which checks each against its quote again). The
   * candidates are the caller's copies: a close marks its orders closed in memory. What fails is
   * tried again later at the same quote (retryLater); an order waiting for that fires on nothing
   * else meanwhile (a later price is not its trigger's).
   */
  private async fire(checks: TickCheck[], triggered: UOrder[]): Promise<number> {
    const byCode = new Map(checks.map((c) => [c.code, c]));
    const candidates = triggered.filter((o) => !this.retries.has(o.id));
    const at = (check: TickCheck) => (check.evidence.source === 'quote' ? null : check.evidence.at.getTime());
    let fired = 0;
    // A suspended instrument opens nothing (openWaiting says so too): not even a transaction each tick.
    const opening = candidates.filter(
      (o) => o.state === 'waiting' && this.prices.instrument(o.code).status === 'active',
    );
    for (const order of opening) {
      const check = byCode.get(order.code)!;
      const attempt = () => this.orders.openWaiting(order.id, check.quote, check.evidence);
      try {
        if (await this.gate.run(attempt)) fired++;
      } catch (error) {
        this.retryLater({ orderId: order.id, code: order.code, at: at(check), attempt }, error as Error);
      }
    }
    const hits = candidates.filter((o) => o.state === 'open');
    if (hits.length === 0) return fired;
    // Copies to try again with, should the statement fail after marking its orders closed.
    const copies = hits.map(copyOrder);
    try {
      // Everything the round triggered closes in one statement.
      return fired + (await this.gate.run(() => this.orders.closeTriggered(hits, byCode))).length;
    } catch (error) {
      this.logger.warn(`closing ${hits.length} at once: ${(error as Error).message}; one by one`);
    }
    for (const order of copies) {
      const check = byCode.get(order.code)!;
      // Each attempt on a fresh copy: a failed one has marked its copy closed.
      const attempt = () => this.orders.closeTriggered([copyOrder(order)], new Map([[order.code, check]]));
      try {
        if ((await this.gate.run(attempt)).length > 0) fired++;
      } catch (error) {
        this.retryLater({ orderId: order.id, code: order.code, at: at(check), attempt }, error as Error);
      }
    }
    return fired;
  }

  /**
   * At start: every live order is checked against what the market did since the last tick the
   * engine checked (or since the order was placed): the ticks of the last hour one by one, else
   * the 1-minute K-lines' high and low. Each trigger they prove closes or opens at its own price
   * and moment, in the order they happened.
   */
  async catchUp(until = new Date()): Promise<number> {
    const rows: CatchUpRow[] = await this.dataSource.query(
      `SELECT id, code, state, direction, stop_loss, take_profit, liquidation_price, limit_price, opened_at, created_at
         FROM orders.u_orders WHERE state IN ('open', 'waiting') ORDER BY id`,
    );
    if (rows.length === 0) return 0;
    const processed = await this.redis.hgetall(PROCESSED_KEY);
    const byCode = new Map<string, CatchUpRow[]>();
    for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
    let fired = 0;
    for (const [code, live] of byCode) {
      try {
        fired += await this.catchUpCode(code, live, processed[code], until);
      } catch (error) {
        this.logger.error(`catch-up ${code}: ${(error as Error).message}`);
      }
    }
    return fired;
  }

  private async catchUpCode(
    code: string,
    live: CatchUpRow[],
    processedTs: string | undefined,
    until: Date,
  ): Promise<number> {
    const startOf = (r: CatchUpRow) => new Date(r.opened_at ?? r.created_at).getTime();
    const earliest = Math.min(...live.map(startOf));
    const from = new Date(Math.max(processedTs ? Number(processedTs) : earliest, earliest));
    const terms = this.prices.instrument(code);
    const ticks = await this.prices.ticks(code, from, until);
    const moves: RecordedMove[] = ticks
      ? ticks.map((t) => ({ open: t.price, low: t.price, high: t.price, at: t.at, source: 'tick' }))
      : (await this.prices.candles(code, from, until)).map((c) => ({
          ...c,
          at: c.openTime,
          source: 'kline',
        }));
    let fired = 0;
    let pending = live;
    for (const move of moves) {
      const next: CatchUpRow[] = [];
      for (const row of pending) {
        // Only what happened after the order was placed or opened counts (a K-line that began
        // before may hold earlier prices).
        if (move.at.getTime() <= startOf(row)) {
          next.push(row);
          continue;
        }
        const evidence = { source: move.source, at: move.at };
        // A failure is tried again later at this move's price; the order leaves this catch-up.
        const tryNow = async <T>(attempt: () => Promise<T>): Promise<T | null> => {
          try {
            return await this.gate.run(attempt);
          } catch (error) {
            const retry = { orderId: String(row.id), code, at: move.at.getTime(), attempt };
            this.retryLater(retry, error as Error);
            return null;
          }
        };
        if (row.state === 'waiting') {
          const limit = new Decimal(row.limit_price!);
          if (!moveReachesLimit(row.direction, limit, move, terms.spread, terms.pricePrecision)) {
            next.push(row);
            continue;
          }
          // At the limit, or at the move's opening price when that was already past it (a gap).
          const fill = limitFillPrice(
            row.direction,
            limit,
            quoteAround(move.open, terms.spread, terms.pricePrecision),
          );
          const opened = await tryNow(() =>
            this.orders.openWaiting(String(row.id), { bid: fill, ask: fill }, evidence),
          );
          if (opened) {
            fired++;
            next.push({
              ...row,
              state: 'open',
              opened_at: opened.openedAt,
              liquidation_price: opened.liquidationPrice?.toFixed() ?? null,
            });
          }
          continue;
        }
        const hit = moveTrigger(
          {
            direction: row.direction,
            stopLoss: dec(row.stop_loss),
            takeProfit: dec(row.take_profit),
            liquidationPrice: dec(row.liquidation_price),
          },
          move,
          terms.spread,
          terms.pricePrecision,
        );
        if (!hit) {
          next.push(row);
          continue;
        }
        if (await tryNow(() => this.orders.closePosition(String(row.id), hit.reason, hit.price, evidence)))
          fired++;
      }
      pending = next;
      if (pending.length === 0) break;
    }
    return fired;
  }

  /**
   * Checks every instrument with live orders against its current quote (the sweep job), once the
   * start has caught up: what happened while no engine ran closes at its own trigger's price first.
   */
  async sweep(): Promise<number> {
    await this.caughtUp;
    const rows: { code: string }[] = await this.dataSource.query(
      `SELECT DISTINCT code FROM orders.u_orders WHERE state IN ('open', 'waiting')`,
    );
    const at = this.clock.now();
    const checks: TickCheck[] = [];
    for (const { code } of rows) {
      const quote = await this.prices.quote(code).catch(() => undefined);
      if (quote) checks.push({ code, quote, evidence: { source: 'quote', at } });
    }
    return checks.length > 0 ? this.checkMany(checks) : 0;
  }
}
