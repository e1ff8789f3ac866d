import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { Book } from '@app/common';
import {
  bullConnection,
  closeWorkerWithin,
  DEFAULT_JOB_OPTIONS,
  JobName,
  QueueName,
  REDIS_CLIENT,
  REDIS_OPTIONS,
  type RedisOptions,
} from '@app/queue';
import { MarketMaker } from './market-maker';
import { SpotEvents } from './spot-events';
import { SpotPairsService } from './spot-pairs.service';
import { SpotSequencer } from './spot-sequencer.service';

/** A pair's owner holds its lease this long without renewing it (a dead owner is replaced after it). */
export const SPOT_LEASE_MS = 10_000;
const RENEW_EVERY_MS = 3_000;
/** How long a pair's worker may take to close before it is cut off (closeWorkerWithin). */
const WORKER_CLOSE_MS = 5_000;
/** The market maker's look at each pair (also a catch-up of work whose job was lost). */
const REQUOTE_EVERY_MS = 5_000;

const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;

export const spotQueueName = (symbol: string) => `${QueueName.Spot}-${symbol}`;

/**
 * Where in the requote interval the pair at `index` of `count` looks, spread evenly (from 1 ms:
 * BullMQ ignores an offset of 0). Without it every pair's schedule starts when its lease was taken,
 * all within a few milliseconds of each other, and every few seconds all pairs requote at once:
 * 40 transactions together, the pool grown to its limit, and the machine's cores taken from
 * whatever else must be quick then (the position engine's closes).
 */
export const requoteOffset = (index: number, count: number) =>
  1 + Math.floor((index * (REQUOTE_EVERY_MS - 1)) / Math.max(1, count));

/**
 * One sequencer per pair across every process: the process that holds the pair's lease in Redis
 * sequences it, and nobody else. Accepted orders and cancel requests wake it with a kick: in
 * memory when this process owns the pair, else through a Redis channel that the owner listens to
 * (a lost kick delays work by one catch-up, never loses it: the work list is in the database).
 * The pair's BullMQ queue `spot-<symbol>` carries the market maker's periodic look, which also
 * drains whatever waits, and a takeover's first drain; its worker (concurrency 1) runs only in the
 * owner. Kicked drains and queue jobs of a pair take turns (SpotSequencer.exclusive). Processes
 * renew their leases every few seconds and take over the pairs of a process that stopped renewing
 * (crashed): the new owner rebuilds the books from the database and drains what was waiting. The
 * lease only keeps the work in one place; correctness does not depend on it: every batch runs
 * under the row lock of its book and checks the book's version (SpotSequencer).
 */
@Injectable()
export class SpotOwnership implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SpotOwnership.name);
  private readonly id = randomBytes(8).toString('hex');
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private queueConnection: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private paused = false;
  private stopped = false;
  private unlisten: (() => void) | undefined;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    private readonly pairs: SpotPairsService,
    private readonly sequencer: SpotSequencer,
    private readonly marketMaker: MarketMaker,
    private readonly events: SpotEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unlisten = this.events.onKick((symbol, books) => {
      if (this.owns(symbol)) this.sequencer.kick(symbol, books, () => this.owns(symbol));
    });
    await this.pairs.ensureSeeded();
    await this.tick();
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick());
    }, RENEW_EVERY_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    clearInterval(this.timer);
    await this.ticking;
    await this.releaseAll();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    const connection = this.queueConnection;
    this.queueConnection = undefined;
    await connection?.quit().catch(() => connection.disconnect());
  }

  /** Whether this process sequences the pair now. */
  owns(symbol: string): boolean {
    return this.workers.has(symbol);
  }

  /** Stops sequencing here and hands every pair to the other processes (tests, maintenance). */
  async pause(): Promise<void> {
    this.paused = true;
    await this.ticking;
    await this.releaseAll();
  }

  resume(): void {
    this.paused = false;
  }

  /** The queue of a pair (shared Redis connection; created on first use). */
  queue(symbol: string): Queue {
    let queue = this.queues.get(symbol);
    if (!queue) {
      this.queueConnection ??= new Redis(bullConnection(this.redisOptions.url));
      queue = new Queue(spotQueueName(symbol), {
        connection: this.queueConnection,
        prefix: `${this.redisOptions.prefix}-bull`,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(symbol, queue);
    }
    return queue;
  }

  /**
   * Tells the pair's sequencer that accepted orders or cancel requests wait on these books: at
   * once when this process owns the pair, else through Redis to the owner.
   */
  async notify(symbol: string, books: Book[]): Promise<void> {
    if (this.owns(symbol)) this.sequencer.kick(symbol, books, () => this.owns(symbol));
    else await this.events.kick(symbol, books);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      const active = await this.pairs.reload();
      for (const [index, info] of active.entries()) {
        const symbol = info.pair.symbol;
        const key = `spot:owner:${symbol}`;
        if (this.workers.has(symbol)) {
          const renewed = await this.redis.eval(RENEW_SCRIPT, 1, key, this.id, SPOT_LEASE_MS);
          if (renewed !== 1 || this.paused || !info.pair.active) await this.release(symbol);
        } else if (!this.paused && info.pair.active) {
          const taken = await this.redis.set(key, this.id, 'PX', SPOT_LEASE_MS, 'NX');
          if (taken === 'OK') await this.own(symbol, requoteOffset(index, active.length));
        }
      }
    } catch (error) {
      this.logger.warn(`spot leases: ${(error as Error).message}`);
    }
  }

  private async own(symbol: string, offsetMs: number): Promise<void> {
    this.sequencer.forget(symbol);
    const worker = new Worker(spotQueueName(symbol), (job: Job) => this.process(symbol, job), {
      connection: bullConnection(this.redisOptions.url),
      prefix: `${this.redisOptions.prefix}-bull`,
      concurrency: 1,
      // A job of a crashed owner runs again soon after a new owner takes the pair.
      stalledInterval: 5_000,
    });
    worker.on('error', (error) => this.logger.warn(`spot worker ${symbol}: ${error.message}`));
    this.workers.set(symbol, worker);
    const queue = this.queue(symbol);
    // The market maker's look every few seconds, which also takes work whose job was lost.
    await queue.upsertJobScheduler(
      'spot-requote',
      { every: REQUOTE_EVERY_MS, offset: offsetMs },
      { name: JobName.SpotRequote, data: { symbol } },
    );
    // What waited while nobody owned the pair is taken at once.
    await queue.add(
      JobName.SpotRequote,
      { symbol },
      { jobId: `spot-takeover-${symbol}-${this.id}-${Date.now()}` },
    );
  }

  private async release(symbol: string): Promise<void> {
    const worker = this.workers.get(symbol);
    this.workers.delete(symbol);
    // Bounded: a worker whose Redis restarted under it could keep the lease tick (and the shutdown)
    // waiting for ever.
    if (worker) {
      await closeWorkerWithin(worker, WORKER_CLOSE_MS, (message) =>
        this.logger.warn(`spot worker ${symbol}: ${message}`),
      );
    }
    this.sequencer.forget(symbol);
    await this.redis.eval(RELEASE_SCRIPT, 1, `spot:owner:${symbol}`, this.id).catch(() => undefined);
  }

  private async releaseAll(): Promise<void> {
    for (const symbol of [...this.workers.keys()]) await this.release(symbol);
  }

  /** One job of the pair's queue, in turn with the kicked drains of the pair. */
  private process(symbol: string, job: Job): Promise<number> {
    return this.sequencer.exclusive(symbol, () => this.run(symbol, job));
  }

  /** A requote (and catch-up), or a drain of the waiting work (jobs of older versions). */
  private async run(symbol: string, job: Job): Promise<number> {
    if (job.name === (JobName.SpotRequote as string)) {
      const info = await this.pairs.find(symbol);
      if (!info?.pair.active) return 0;
      let quoted = 0;
      for (const book of ['real', 'demo'] as Book[]) {
        try {
          if (await this.marketMaker.requote(info, book)) quoted += 1;
        } catch (error) {
          this.logger.warn(`market maker ${symbol} ${book}: ${(error as Error).message}`);
        }
      }
      return quoted + (await this.sequencer.drain(symbol));
    }
    return this.sequencer.drain(symbol);
  }
}
