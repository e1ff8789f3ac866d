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
import type { Namespace } from 'socket.io';
import type { DataSource } from 'typeorm';
import { MARKET_PRICES, type Book, type MarketPrices } from '@app/common';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';
import { TradingEvent, TradingEvents, type TradingMessage } from './trading-events';
import { closeSide, profitOf, quoteAround, type Direction, type Quote } from './u-order-math';

export const tradingRoom = (userId: string) => `user:${userId}`;

/** The floating result of one user's positions on one instrument is pushed at most this often. */
export const POSITIONS_PUSH_EVERY_MS = 250;

/** What the /trading gateway keeps on each socket after the handshake. */
export interface TradingSocketData {
  userId: string;
  sessionId: string;
}

interface WatchedPosition {
  id: string;
  book: Book;
  code: string;
  direction: Direction;
  lots: Decimal;
  contractSize: Decimal;
  openPrice: Decimal;
  margin: Decimal;
  stopLoss: string | null;
  takeProfit: string | null;
  liquidationPrice: string | null;
}

interface PositionRow {
  id: string;
  book: Book;
  code: string;
  direction: Direction;
  lots: string;
  contract_size: string;
  open_price: string;
  margin: string;
  stop_loss: string | null;
  take_profit: string | null;
  liquidation_price: string | null;
}

/**
 * The private pushes of trading clients on the /trading namespace, room `user:<id>` per customer:
 * - `order`, `options:settled`: state changes, from whichever process made them (one Redis channel,
 *   every process pushes to its own sockets of the owner);
 * - `positions`: the floating result of the user's open positions on an instrument at each tick
 *   (at most every POSITIONS_PUSH_EVERY_MS per user and instrument, the last tick always sent).
 * Each process keeps the open positions of the users connected to it only, reloaded when one of
 * their orders changes, so a tick costs no query.
 */
@Injectable()
export class TradingSockets implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TradingSockets.name);
  private namespace: Namespace | undefined;
  private subscriber: Redis | undefined;
  /** Open positions of the users with a socket on this process. */
  private readonly positions = new Map<string, WatchedPosition[]>();
  /** code -> users of this process with an open position on it. */
  private readonly byCode = new Map<string, Set<string>>();
  /** Latest quote per code, and per user+code when its positions were last pushed / a push waits. */
  private readonly quotes = new Map<string, { quote: Quote; ts: number }>();
  private readonly lastPush = new Map<string, number>();
  private readonly scheduled = new Map<string, NodeJS.Timeout>();
  /** Serialises the reloads of one user (an order event while the first load runs). */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    private readonly events: TradingEvents,
  ) {}

  private get ticksChannel(): string {
    return `${this.redisOptions.prefix}:market:ticks`;
  }

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.events.channel) this.onEvent(message);
      else this.onTick(message);
    });
    await this.subscriber.subscribe(this.events.channel, this.ticksChannel);
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    for (const timer of this.scheduled.values()) clearTimeout(timer);
    this.scheduled.clear();
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }

  /** A socket of the user joined on this process: its positions are followed from now on. */
  async track(userId: string): Promise<void> {
    if (!this.positions.has(userId)) await this.reload(userId);
  }

  /** The user's last socket on this process left. */
  async untrackIfGone(userId: string): Promise<void> {
    const sockets = await this.namespace?.local.in(tradingRoom(userId)).fetchSockets();
    if (sockets && sockets.length > 0) return;
    this.setPositions(userId, undefined);
  }

  /** Every socket of this process, to check their sessions. */
  async localSockets() {
    return (await this.namespace?.local.fetchSockets()) ?? [];
  }

  private onEvent(message: string): void {
    let parsed: TradingMessage;
    try {
      parsed = JSON.parse(message) as TradingMessage;
    } catch {
      return;
    }
    this.namespace?.local.to(tradingRoom(parsed.userId)).emit(parsed.event, parsed.payload);
    if (parsed.event === TradingEvent.Order && this.positions.has(parsed.userId)) {
      // A position opened or closed: follow the new set, and push the instrument's result at once.
      const code = (parsed.payload as { code?: unknown }).code;
      void this.reload(parsed.userId).then(async () => {
        if (typeof code !== 'string') return;
        if (!this.quotes.has(code)) {
          const quote = await this.prices.quote(code).catch(() => undefined);
          if (quote) this.quotes.set(code, { quote, ts: Date.now() });
        }
        this.pushNow(parsed.userId, code);
      });
    }
  }

  private onTick(message: string): void {
    let tick: { code: string; price: string; ts: number };
    try {
      tick = JSON.parse(message) as typeof tick;
    } catch {
      return;
    }
    const users = this.byCode.get(tick.code);
    if (!users || users.size === 0) return;
    let quote: Quote;
    try {
      const terms = this.prices.instrument(tick.code);
      quote = quoteAround(new Decimal(tick.price), terms.spread, terms.pricePrecision);
    } catch {
      return;
    }
    this.quotes.set(tick.code, { quote, ts: tick.ts });
    for (const userId of users) this.schedule(userId, tick.code);
  }

  private schedule(userId: string, code: string): void {
    const key = `${userId}|${code}`;
    if (this.scheduled.has(key)) return;
    const wait = (this.lastPush.get(key) ?? 0) + POSITIONS_PUSH_EVERY_MS - Date.now();
    if (wait <= 0) {
      this.pushNow(userId, code);
      return;
    }
    this.scheduled.set(
      key,
      setTimeout(() => {
        this.scheduled.delete(key);
        this.pushNow(userId, code);
      }, wait),
    );
  }

  private pushNow(userId: string, code: string): void {
    const key = `${userId}|${code}`;
    const latest = this.quotes.get(code);
    const positions = (this.positions.get(userId) ?? []).filter((p) => p.code === code);
    if (!this.namespace || !latest) return;
    this.lastPush.set(key, Date.now());
    const { quote, ts } = latest;
    const rows = positions.map((p) => {
      const current = closeSide(p.direction, quote);
      const floating = profitOf(p.direction, p.openPrice, current, p.lots, p.contractSize);
      return {
        id: p.id,
        book: p.book,
        direction: p.direction,
        lots: p.lots.toFixed(),
        openPrice: p.openPrice.toFixed(),
        currentPrice: current.toFixed(),
        floatingProfit: floating.toFixed(),
        margin: p.margin.toFixed(),
        // Equity of the position: its margin and its result (never below zero for the user).
        equity: Decimal.max(p.margin.plus(floating), 0).toFixed(),
        stopLoss: p.stopLoss,
        takeProfit: p.takeProfit,
        liquidationPrice: p.liquidationPrice,
      };
    });
    const total = (book: Book) =>
      rows
        .filter((r) => r.book === book)
        .reduce((s, r) => s.plus(r.floatingProfit), new Decimal(0))
        .toFixed();
    this.namespace.local.to(tradingRoom(userId)).emit(TradingEvent.Positions, {
      code,
      bid: quote.bid.toFixed(),
      ask: quote.ask.toFixed(),
      at: new Date(ts).toISOString(),
      floatingProfit: { real: total('real'), demo: total('demo') },
      positions: rows,
    });
  }

  private reload(userId: string): Promise<void> {
    const previous = this.loading.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const rows: PositionRow[] = await this.dataSource.query(
          `SELECT id, book, code, direction, lots, contract_size, open_price, margin,
                  stop_loss, take_profit, liquidation_price
             FROM orders.u_orders WHERE user_id = $1 AND state = 'open' ORDER BY id`,
          [userId],
        );
        const stillWanted = await this.namespace?.local.in(tradingRoom(userId)).fetchSockets();
        if (!stillWanted || stillWanted.length === 0) {
          this.setPositions(userId, undefined);
          return;
        }
        this.setPositions(
          userId,
          rows.map((r) => ({
            id: String(r.id),
            book: r.book,
            code: r.code,
            direction: r.direction,
            lots: new Decimal(r.lots),
            contractSize: new Decimal(r.contract_size),
            openPrice: new Decimal(r.open_price),
            margin: new Decimal(r.margin),
            stopLoss: r.stop_loss === null ? null : new Decimal(r.stop_loss).toFixed(),
            takeProfit: r.take_profit === null ? null : new Decimal(r.take_profit).toFixed(),
            liquidationPrice:
              r.liquidation_price === null ? null : new Decimal(r.liquidation_price).toFixed(),
          })),
        );
      })
      .catch((error: Error) => this.logger.warn(`positions of ${userId}: ${error.message}`))
      .finally(() => {
        if (this.loading.get(userId) === next) this.loading.delete(userId);
      });
    this.loading.set(userId, next);
    return next;
  }

  private setPositions(userId: string, positions: WatchedPosition[] | undefined): void {
    for (const p of this.positions.get(userId) ?? []) this.byCode.get(p.code)?.delete(userId);
    if (positions === undefined) {
      this.positions.delete(userId);
      for (const [key, timer] of this.scheduled) {
        if (key.startsWith(`${userId}|`)) {
          clearTimeout(timer);
          this.scheduled.delete(key);
        }
      }
      for (const key of this.lastPush.keys()) if (key.startsWith(`${userId}|`)) this.lastPush.delete(key);
      return;
    }
    this.positions.set(userId, positions);
    for (const p of positions) {
      const users = this.byCode.get(p.code) ?? new Set<string>();
      users.add(userId);
      this.byCode.set(p.code, users);
    }
  }
}
