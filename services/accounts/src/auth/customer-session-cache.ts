import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';

/** What a live customer session row says, as the guard needs it. */
export interface CachedSession {
  subjectId: string;
  /** The session row's expiry (ms since the epoch): past it the entry is not used. */
  expiresAtMs: number;
  /** The user's demo book was disabled by an operator (DemoBookGate). */
  demoDisabled: boolean;
}

/** A safety net only: every change that matters is announced (see the class comment). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

type Invalidation = { session: string } | { subject: string };

/**
 * Live customer sessions remembered by this process for a short while, so that an authenticated
 * request does not read its session row every time (issue 14's load: the lookup was one of the
 * few queries every request paid). Revocation stays immediate: whatever revokes a session or
 * changes what is remembered (logout, password change or reset, freeze, the demo book toggle)
 * calls `forgetSession` / `forgetSubject`, which clears this process at once and every other
 * process through Redis pub/sub, and again after the caller's transaction commits (a request
 * that read the row before the commit cannot leave a stale entry behind: loads that started
 * before the last invalidation are not stored). While the subscription is not live (Redis down,
 * reconnecting) nothing is remembered, since an announcement could be missed. Admin sessions are
 * never cached: they are few and their roles must follow every change.
 */
@Injectable()
export class CustomerSessionCache implements OnModuleInit, OnModuleDestroy, EntitySubscriberInterface {
  private readonly logger = new Logger(CustomerSessionCache.name);
  private readonly entries = new Map<string, CachedSession & { storedAtMs: number }>();
  private readonly pending = new WeakMap<object, Invalidation[]>();
  private epoch = 0;
  private live = false;
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  private get channel(): string {
    return `${this.redisOptions.prefix}:sessions:invalidate`;
  }

  async onModuleInit(): Promise<void> {
    // Told after every commit, to announce the invalidations the transaction asked for.
    this.dataSource.subscribers.push(this);
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.apply(JSON.parse(raw) as Invalidation);
      } catch {
        this.clear();
      }
    });
    const down = () => {
      this.live = false;
      this.clear();
    };
    subscriber.on('close', down);
    subscriber.on('reconnecting', down);
    subscriber.on('end', down);
    // (Re)subscribed: announcements reach this process again from here on.
    subscriber.on('ready', () => void this.subscribe(subscriber));
    await this.subscribe(subscriber);
  }

  private async subscribe(subscriber: Redis): Promise<void> {
    try {
      await subscriber.subscribe(this.channel);
      if (this.subscriber === subscriber) {
        this.clear();
        this.live = true;
      }
    } catch (error) {
      this.logger.warn(`session invalidations not subscribed: ${(error as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.live = false;
    this.clear();
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }

  /** The remembered session, if it is still within its expiry and the cache's time to live. */
  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expiresAtMs <= now || entry.storedAtMs + TTL_MS <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Taken before reading a session row; `store` keeps the row only if nothing was invalidated since. */
  ticket(): number {
    return this.epoch;
  }

  store(ticket: number, sessionId: string, session: CachedSession): void {
    if (!this.live || ticket !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the oldest entry goes.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { ...session, storedAtMs: Date.now() });
  }

  /** One session was revoked (logout). */
  forgetSession(sessionId: string, manager?: EntityManager): void {
    this.announce({ session: sessionId }, manager);
  }

  /** Every session of a customer, or what they carry (password change, freeze, demo book toggle). */
  forgetSubject(userId: string, manager?: EntityManager): void {
    this.announce({ subject: userId }, manager);
  }

  /** Part of EntitySubscriberInterface: the transaction that asked for invalidations committed. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner as object | undefined;
    const list = runner ? this.pending.get(runner) : undefined;
    if (!runner || !list) return;
    this.pending.delete(runner);
    for (const invalidation of list) this.announce(invalidation);
  }

  private announce(invalidation: Invalidation, manager?: EntityManager): void {
    this.apply(invalidation);
    this.redis.publish(this.channel, JSON.stringify(invalidation)).catch((error: Error) => {
      this.logger.warn(`session invalidation not published: ${error.message}`);
    });
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      // Again once the change is visible to every reader.
      const list = this.pending.get(runner) ?? [];
      list.push(invalidation);
      this.pending.set(runner, list);
    }
  }

  private apply(invalidation: Invalidation): void {
    this.epoch++;
    if ('session' in invalidation) {
      this.entries.delete(invalidation.session);
      return;
    }
    for (const [id, entry] of this.entries)
      if (entry.subjectId === invalidation.subject) this.entries.delete(id);
  }

  private clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
