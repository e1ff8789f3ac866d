import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Book } from '@app/common';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';

/** Aggregated levels, best first: [price, quantity, order count]. */
export type DepthLevel = [string, string, number];

export interface SpotDepth {
  symbol: string;
  book: Book;
  /** The book's version (its sequencer position) the levels were taken at. */
  version: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface SpotTradeView {
  id: string;
  seq: string;
  symbol: string;
  price: string;
  quantity: string;
  quoteAmount: string;
  takerSide: 'buy' | 'sell';
  at: string;
}

/** One committed batch of a book's sequencer: what changed, in sequencer order. */
export interface SpotBatchMessage {
  symbol: string;
  book: Book;
  depth: SpotDepth;
  trades: SpotTradeView[];
  /** Changed orders of users (the market maker's are left out), with their owner. */
  orders: { userId: string; order: Record<string, unknown> & { id: string; state: string } }[];
  /** Ids of every order the batch took off the pending list (accepted, rejected or cancelled). */
  settled: string[];
}

type Listener = (message: SpotBatchMessage) => void;
type KickListener = (symbol: string, books: Book[]) => void;
/** What a waiting request learns: the order as the batch that took it left it (when it is a user's). */
type Wake = (order: SpotOrderPush | undefined) => void;
export type SpotOrderPush = SpotBatchMessage['orders'][number]['order'];

/** On the wire: the batch and the process that committed it (which delivered it to itself already). */
interface Envelope {
  from: string;
  message: SpotBatchMessage;
}

/**
 * The sequencer of a pair runs in whichever process owns it; what it commits goes through one Redis
 * channel so that every process can push it to its own sockets and wake its own waiting requests.
 * Published after the commit: a lost message loses a push, never money.
 */
@Injectable()
export class SpotEvents implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SpotEvents.name);
  /** This process on the channels: its own batches are delivered in memory, not parsed back. */
  private readonly origin = randomBytes(8).toString('hex');
  private subscriber: Redis | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly kickListeners = new Set<KickListener>();
  private readonly waiters = new Map<string, Set<Wake>>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  /** Channels are not keys: ioredis' keyPrefix does not apply, so they are prefixed by hand. */
  get channel(): string {
    return `${this.redisOptions.prefix}:spot:events`;
  }

  /** Where a process that accepted orders tells the pair's owner (elsewhere) that work waits. */
  get kickChannel(): string {
    return `${this.redisOptions.prefix}:spot:kick`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.kickChannel) {
        const kick = parseKick(raw);
        if (kick) for (const listener of this.kickListeners) listener(kick.symbol, kick.books);
        return;
      }
      if (channel !== this.channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (envelope.from === this.origin || !envelope.message) return;
      this.deliver(envelope.message);
    });
    await this.subscriber.subscribe(this.channel, this.kickChannel);
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
    for (const waiting of this.waiters.values()) for (const wake of waiting) wake(undefined);
    this.waiters.clear();
  }

  /** A committed batch: to this process at once, to the others through Redis. */
  publish(message: SpotBatchMessage): void {
    this.deliver(message);
    const envelope: Envelope = { from: this.origin, message };
    this.redis
      .publish(this.channel, JSON.stringify(envelope))
      .catch((error: Error) => this.logger.warn(`spot event ${message.symbol}: ${error.message}`));
  }

  private deliver(message: SpotBatchMessage): void {
    if (this.waiters.size > 0) {
      const views = new Map(message.orders.map((o) => [o.order.id, o.order]));
      for (const id of message.settled) {
        const waiting = this.waiters.get(id);
        if (!waiting) continue;
        this.waiters.delete(id);
        for (const wake of waiting) wake(views.get(id));
      }
    }
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        this.logger.warn(`spot listener: ${(error as Error).message}`);
      }
    }
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the owner of the pair, in whichever process, to take the waiting work of these books. */
  kick(symbol: string, books: Book[]): Promise<void> {
    return this.redis.publish(this.kickChannel, JSON.stringify({ symbol, books })).then(() => undefined);
  }

  onKick(listener: KickListener): () => void {
    this.kickListeners.add(listener);
    return () => this.kickListeners.delete(listener);
  }

  /**
   * Resolves when a batch of the sequencer has taken the order (`taken`, with the order as that
   * batch left it when it is a user's), or after `ms` (not taken). Register before the work can
   * be taken so that a fast sequencer cannot be missed.
   */
  waitFor(
    orderId: string,
    ms: number,
  ): { done: Promise<{ taken: boolean; order?: SpotOrderPush }>; cancel: () => void } {
    let timer: NodeJS.Timeout | undefined;
    let wake: Wake = () => undefined;
    const done = new Promise<{ taken: boolean; order?: SpotOrderPush }>((resolve) => {
      wake = (order) => {
        clearTimeout(timer);
        resolve({ taken: true, order });
      };
      timer = setTimeout(() => {
        this.waiters.get(orderId)?.delete(wake);
        if (this.waiters.get(orderId)?.size === 0) this.waiters.delete(orderId);
        resolve({ taken: false });
      }, ms);
    });
    let set = this.waiters.get(orderId);
    if (!set) this.waiters.set(orderId, (set = new Set()));
    set.add(wake);
    return {
      done,
      cancel: () => {
        clearTimeout(timer);
        const waiting = this.waiters.get(orderId);
        waiting?.delete(wake);
        if (waiting?.size === 0) this.waiters.delete(orderId);
      },
    };
  }
}

function parseKick(raw: string): { symbol: string; books: Book[] } | null {
  try {
    const { symbol, books } = JSON.parse(raw) as { symbol?: unknown; books?: unknown };
    if (typeof symbol !== 'string' || !Array.isArray(books)) return null;
    const valid = books.filter((b): b is Book => b === 'real' || b === 'demo');
    return { symbol, books: valid };
  } catch {
    return null;
  }
}
