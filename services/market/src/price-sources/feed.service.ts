import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketClock } from '../instruments/market-clock';
import { KlinesService } from '../klines/klines.service';
import { MarketDataService } from '../prices/market-data.service';
import { ExchangeTickerSource } from './exchange-ticker.source';
import { HistorySeederService } from './history-seeder.service';
import type { PriceSource, SourceInstrument } from './price-source';
import { SimulatorPriceSource } from './simulator.source';
import { assignSources, parseSourceRules, type SourceName } from './source-assignment';

const LOCK_KEY = 'market:feeder';
const LOCK_TTL_MS = 10_000;
const RENEW_MS = 3_000;
const REFERENCE_REFRESH_MS = 60_000;
/** How often the feeder deletes the 1-minute candles past MARKET_MINUTE_CANDLE_DAYS. */
const RETENTION_MS = 3_600_000;
const DAY_MS = 86_400_000;
/**
 * How long a round waits for Redis to answer about the lock: a renewal that does not answer in time
 * counts as failed (the lock may expire meanwhile and another process lead).
 */
const LOCK_ANSWER_MS = 2_000;
// Renews the lock only while this process still holds it.
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
// Takes the lock when it is free, or when it is still this process' own (it stepped down after a
// renewal failed while Redis kept the lock): 1 when this process holds it now.
const ACQUIRE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) elseif redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 else return 0 end`;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs the price sources in exactly one process per Redis prefix: the processes elect a feeder
 * with a Redis lock that expires (a crashed feeder is replaced within LOCK_TTL_MS). Every other
 * process only fans the ticks out.
 */
@Injectable()
export class FeedService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly id = randomUUID();
  private leader = false;
  private sources: PriceSource[] = [];
  private electionTimer: NodeJS.Timeout | undefined;
  private referenceTimer: NodeJS.Timeout | undefined;
  private retentionTimer: NodeJS.Timeout | undefined;
  private purging: Promise<void> = Promise.resolve();
  private transition: Promise<void> = Promise.resolve();
  private closing = false;
  private readonly logger = new Logger(FeedService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly instruments: InstrumentsService,
    private readonly market: MarketDataService,
    private readonly klines: KlinesService,
    private readonly history: HistorySeederService,
    private readonly clock: MarketClock,
  ) {}

  get isFeeder(): boolean {
    return this.leader;
  }

  onApplicationBootstrap(): void {
    // Parsed at boot so that a bad MARKET_SOURCES fails the start; `none` feeds nothing here.
    if (parseSourceRules(this.config.MARKET_SOURCES).length === 0) return;
    this.instruments.onChange(() => this.catalogueChanged());
    this.electionTimer = setInterval(() => void this.elect(), RENEW_MS);
    void this.elect();
  }

  /**
   * One election round: take the lock if free, or renew it; step down when it was lost, and also
   * when the renewal failed or did not answer in time (Redis refused or hung): this process cannot
   * know it still holds the lock, which expires meanwhile and lets another process lead, so it stops
   * feeding until a later round wins the lock again. Never two feeders at once.
   */
  private elect(): Promise<void> {
    this.transition = this.transition.then(async () => {
      if (this.closing) return;
      if (this.leader) {
        let renewed: unknown;
        try {
          renewed = await this.answered(this.redis.eval(RENEW_SCRIPT, 1, LOCK_KEY, this.id, LOCK_TTL_MS));
        } catch (error) {
          this.logger.warn(`feeder lock renewal failed, stepping down: ${(error as Error).message}`);
        }
        if (renewed !== 1) await this.abdicate();
        return;
      }
      try {
        const taken = await this.answered(this.redis.eval(ACQUIRE_SCRIPT, 1, LOCK_KEY, this.id, LOCK_TTL_MS));
        if (taken === 1) await this.lead();
      } catch (error) {
        this.logger.warn(`feeder election: ${(error as Error).message}`);
      }
    });
    return this.transition;
  }

  /** Redis' answer about the lock, or a failure when it takes longer than LOCK_ANSWER_MS. */
  private answered<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${LOCK_ANSWER_MS} ms`)), LOCK_ANSWER_MS);
    });
    return Promise.race([command, late]).finally(() => clearTimeout(timer));
  }

  /**
   * Starts feeding. A start that fails (the database or Redis refused for a moment) gives the lock
   * back, so that the next round (of this process or another) starts over: a feeder that renewed
   * its lock without sources would leave every process without prices for good.
   */
  private async lead(): Promise<void> {
    this.leader = true;
    try {
      await this.keepingLock(async () => {
        await this.history.ensure(
          this.instruments.everything(),
          this.config.MARKET_SIMULATOR_SEED,
          this.clock.now(),
        );
        if (this.closing) return;
        await this.market.refreshReferences();
        await this.market.primeFromCandles();
        this.referenceTimer = setInterval(
          () => void this.market.refreshReferences().catch(() => undefined),
          REFERENCE_REFRESH_MS,
        );
        await this.startSources();
      });
    } catch (error) {
      await this.abdicate();
      throw error;
    }
    // The retention of the 1-minute candles: now (in the background), then hourly, by the feeder.
    this.purging = this.purgeCandles();
    this.retentionTimer = setInterval(() => {
      this.purging = this.purging.then(() => this.purgeCandles());
    }, RETENTION_MS);
  }

  /**
   * Deletes the 1-minute candles older than MARKET_MINUTE_CANDLE_DAYS (coarser ones are kept), by
   * the wall clock: storage, not market time (a market clock moved ahead must not delete more).
   */
  private async purgeCandles(): Promise<void> {
    const before = new Date(Date.now() - this.config.MARKET_MINUTE_CANDLE_DAYS * DAY_MS);
    try {
      const deleted = await this.klines.purgeMinuteCandles(before);
      if (deleted > 0)
        this.logger.log(`deleted ${deleted} 1-minute candles opened before ${before.toISOString()}`);
    } catch (error) {
      this.logger.warn(`candle retention: ${(error as Error).message}`);
    }
  }

  /**
   * Runs a feeder's long step (the first start writes 30 days of history: a minute on a busy
   * machine) while renewing the lock: the election rounds wait for the step, and a lock left to
   * expire meanwhile let a second process lead too.
   */
  private async keepingLock(work: () => Promise<void>): Promise<void> {
    // A renewal that failed or found the lock gone fails the step (the caller gives the lead back):
    // the lock may have expired meanwhile and another process lead.
    let lost: string | undefined;
    const renew = setInterval(
      () =>
        void this.answered(this.redis.eval(RENEW_SCRIPT, 1, LOCK_KEY, this.id, LOCK_TTL_MS)).then(
          (renewed) => {
            if (renewed !== 1) lost ??= 'the lock was gone';
          },
          (error: Error) => {
            lost ??= error.message;
          },
        ),
      RENEW_MS,
    );
    try {
      await work();
    } finally {
      clearInterval(renew);
    }
    if (lost) throw new Error(`the feeder lock was not kept while starting: ${lost}`);
  }

  /**
   * Stops feeding and releases the lock if it is still this process' (the next round elects a
   * feeder afresh). The release is best effort: a lock Redis does not let go of expires.
   */
  private async abdicate(): Promise<void> {
    await this.stepDown().catch((e: Error) => this.logger.warn(`stepping down: ${e.message}`));
    await this.answered(this.redis.eval(RELEASE_SCRIPT, 1, LOCK_KEY, this.id)).catch(() => undefined);
  }

  /** Starts a source per configured name over the fed instruments, each from its last price. */
  private async startSources(): Promise<void> {
    const all = this.instruments.everything();
    const lastPrices = new Map<number, string>();
    for (const instrument of all) {
      const last = await this.market.lastPrice(instrument);
      if (last) lastPrices.set(instrument.id, last.toFixed());
    }
    for (const [name, members] of assignSources(this.config.MARKET_SOURCES, all)) {
      const source = this.createSource(name);
      const fed: SourceInstrument[] = members.map((i) => ({
        code: i.code,
        pricePrecision: i.pricePrecision,
        tradingHours: i.tradingHours,
        closures: this.instruments.closuresOf(i.type),
        volatility: i.volatility.toFixed(),
        startPrice: lastPrices.get(i.id) ?? i.referencePrice.toFixed(),
      }));
      await source.start(fed, (tick) => {
        this.market.ingest(tick).catch((e: Error) => this.logger.warn(`tick ${tick.code}: ${e.message}`));
      });
      this.sources.push(source);
    }
    this.logger.log(`feeding ${all.length} instruments from ${this.sources.map((s) => s.name).join(', ')}`);
  }

  /**
   * After an admin changed the catalogue: the feeder writes the history of new instruments, primes
   * their state and restarts its sources with the new terms (hours, volatility, membership).
   */
  private catalogueChanged(): Promise<void> {
    this.transition = this.transition.then(async () => {
      if (this.closing || !this.leader) return;
      try {
        await this.keepingLock(async () => {
          const sources = this.sources;
          this.sources = [];
          await Promise.all(sources.map((s) => s.stop()));
          const all = this.instruments.everything();
          await this.history.ensure(all, this.config.MARKET_SIMULATOR_SEED, this.clock.now());
          await this.market.refreshReferences();
          await this.market.primeFromCandles();
          if (this.closing || !this.leader) return;
          await this.startSources();
        });
      } catch (error) {
        // Without its sources this process must not keep the lock: the next round starts over.
        this.logger.error(`restarting the sources: ${(error as Error).message}`);
        await this.abdicate();
      }
    });
    return this.transition;
  }

  private createSource(name: SourceName): PriceSource {
    switch (name) {
      case 'simulator':
        return new SimulatorPriceSource(
          this.config.MARKET_SIMULATOR_SEED,
          this.config.MARKET_TICK_MS,
          this.clock,
        );
      case 'exchange':
        return new ExchangeTickerSource(this.config.MARKET_EXCHANGE_WS_URL);
    }
  }

  private async stepDown(): Promise<void> {
    this.leader = false;
    clearInterval(this.referenceTimer);
    this.referenceTimer = undefined;
    clearInterval(this.retentionTimer);
    this.retentionTimer = undefined;
    const sources = this.sources;
    this.sources = [];
    await Promise.all(sources.map((s) => s.stop()));
    await this.klines.flush();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearInterval(this.electionTimer);
    await this.transition;
    await this.purging;
    if (this.leader) {
      await this.stepDown();
      await this.redis.eval(RELEASE_SCRIPT, 1, LOCK_KEY, this.id).catch(() => undefined);
    }
  }
}
