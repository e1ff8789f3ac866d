import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { Repository } from 'typeorm';
import { AppException, ErrorCode } from '@app/common';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';
import { calendarOf, NO_CLOSURES, type ClosureCalendar } from './closures';
import { Instrument } from './entities/instrument.entity';
import { MarketClosure } from './entities/market-closure.entity';
import type { InstrumentType } from './instrument-type';
import { MarketClock } from './market-clock';
import { isOpenAt } from './trading-hours';

/**
 * The instrument catalogue, served from memory (every tick and quote looks one up). It is read at
 * boot and again in every process when an admin changes it (a message on a Redis channel).
 * Suspended instruments stay known by code and id (open orders refer to them) and are not listed
 * nor open to new orders, but are still fed: their open positions can be closed and their stops
 * and liquidations still fire (a suspension must not strand money in a position nobody can leave).
 * The market closures (holidays, early closes: closures.ts) of every instrument type are read
 * with it and announced on the same channel.
 */
@Injectable()
export class InstrumentsService implements OnModuleInit, OnModuleDestroy {
  private list: Instrument[] = [];
  private active: Instrument[] = [];
  private readonly byCodeMap = new Map<string, Instrument>();
  private readonly byIdMap = new Map<number, Instrument>();
  private closures = new Map<number, ClosureCalendar>();
  private subscriber: Redis | undefined;
  private readonly listeners: (() => Promise<void>)[] = [];
  private readonly logger = new Logger(InstrumentsService.name);

  constructor(
    @InjectRepository(Instrument) private readonly repo: Repository<Instrument>,
    @InjectRepository(MarketClosure) private readonly closureRepo: Repository<MarketClosure>,
    private readonly clock: MarketClock,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  /** Pub/sub channels are not keys (ioredis' keyPrefix does not apply): prefixed here. */
  private get channel(): string {
    return `${this.redisOptions.prefix}:market:instruments`;
  }

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string) => {
      if (channel !== this.channel) return;
      void this.reload()
        .then(() => Promise.all(this.listeners.map((l) => l())))
        .catch((e: Error) => this.logger.error(`catalogue reload: ${e.message}`));
    });
    await this.subscriber.subscribe(this.channel);
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }

  async reload(): Promise<void> {
    const [list, closures] = await Promise.all([
      this.repo.find({ order: { type: 'ASC', sortOrder: 'ASC', id: 'ASC' } }),
      this.closureRepo.find({ select: { type: true, day: true, closesAt: true } }),
    ]);
    const byType = new Map<number, MarketClosure[]>();
    for (const c of closures) {
      const rows = byType.get(Number(c.type));
      if (rows) rows.push(c);
      else byType.set(Number(c.type), [c]);
    }
    this.closures = new Map([...byType].map(([type, rows]) => [type, calendarOf(rows)]));
    this.list = list;
    this.active = list.filter((i) => i.status === 'active');
    this.byCodeMap.clear();
    this.byIdMap.clear();
    for (const i of list) {
      this.byCodeMap.set(i.code, i);
      this.byIdMap.set(i.id, i);
    }
  }

  /** The closures of the instruments of `type` (an empty calendar when it has none). */
  closuresOf(type: InstrumentType): ClosureCalendar {
    return this.closures.get(Number(type)) ?? NO_CLOSURES;
  }

  /** Tells every process (this one included) to read the catalogue again after an admin change. */
  async announceChange(): Promise<void> {
    await this.redis.publish(this.channel, String(Date.now()));
  }

  /** Called in every process after the catalogue was read again. */
  onChange(listener: () => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** Every active instrument (listed, fed, tradable in its hours). */
  all(): readonly Instrument[] {
    return this.active;
  }

  /** Active and suspended instruments: what the feeder prices (suspended positions can close). */
  everything(): readonly Instrument[] {
    return this.list;
  }

  ofType(type: InstrumentType): Instrument[] {
    return this.active.filter((i) => i.type === type);
  }

  findByCode(code: string): Instrument | undefined {
    return this.byCodeMap.get(code);
  }

  byCode(code: string): Instrument {
    const found = this.byCodeMap.get(code);
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  byId(id: number): Instrument {
    const found = this.byIdMap.get(id);
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  /** Whether it takes new orders at `at`: active, inside its trading hours and on no closure. */
  isOpen(instrument: Instrument, at: Date = this.clock.now()): boolean {
    return instrument.status === 'active' && this.isClosable(instrument, at);
  }

  /**
   * Whether its positions can be closed at `at`: inside its trading hours and on no closure of its
   * type, suspended or not.
   */
  isClosable(instrument: Instrument, at: Date = this.clock.now()): boolean {
    return isOpenAt(instrument.tradingHours, at, this.closuresOf(instrument.type));
  }
}
