import { Inject, Injectable, Logger } from '@nestjs/common';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';
import type { Instrument } from '../instruments/entities/instrument.entity';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketClock } from '../instruments/market-clock';
import { admitTick, resume } from './price-guard';
import { KlinesService } from '../klines/klines.service';
import type { Tick } from '../price-sources/price-source';
import type { MarketInfo, MarketItem, PriceTick } from './market-item';

const LAST = 'market:last';
const ZDF = 'market:zdf';
const REF = 'market:ref';
const hundredKey = (code: string) => `market:hundred:${code}`;
const HUNDRED = 100;
/** Every tick of a code by time, so that settlements find the price at a past moment exactly. */
const tickHistoryKey = (code: string) => `market:ticks:${code}`;
const TICK_HISTORY_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The live state of the market in Redis (latest price, 24h change, the last 100 prices), shared by
 * every process, and the one path a tick takes: state, candles, then the pub/sub channel that
 * every gateway process fans out.
 */
@Injectable()
export class MarketDataService {
  private references = new Map<string, Decimal>();
  private readonly logger = new Logger(MarketDataService.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    private readonly instruments: InstrumentsService,
    private readonly klines: KlinesService,
    private readonly clock: MarketClock,
  ) {}

  /** Pub/sub channels are not keys, so ioredis' keyPrefix does not apply: prefix them here. */
  get channel(): string {
    return `${this.redisOptions.prefix}:market:ticks`;
  }

  /**
   * Takes one tick from a source; unknown and suspended codes are dropped; the price is cut to the
   * precision.
   */
  async ingest(tick: Tick): Promise<PriceTick | null> {
    const instrument = this.instruments.findByCode(tick.code);
    if (instrument?.status !== 'active') return null;
    const price = new Decimal(tick.price).toDecimalPlaces(instrument.pricePrecision);
    // A zero or wildly jumping price pauses the instrument instead (price-guard.ts).
    if (!(await admitTick(this.redis, instrument.code, price, tick.ts))) return null;
    this.klines.record(instrument.id, price, tick.ts);
    const reference = this.references.get(instrument.code);
    if (!reference) this.references.set(instrument.code, price);
    const out: PriceTick = {
      code: instrument.code,
      price: price.toFixed(),
      zdf: changePercent(price, reference ?? price),
      ts: tick.ts,
    };
    await resume(this.redis.multi(), out.code)
      .hset(LAST, out.code, out.price)
      .hset(ZDF, out.code, out.zdf)
      .lpush(hundredKey(out.code), out.price)
      .ltrim(hundredKey(out.code), 0, HUNDRED - 1)
      .zadd(tickHistoryKey(out.code), out.ts, `${out.ts}:${out.price}`)
      .zremrangebyscore(tickHistoryKey(out.code), '-inf', out.ts - TICK_HISTORY_MS)
      .publish(this.channel, JSON.stringify(out))
      .exec();
    return out;
  }

  /**
   * Reloads the 24-hour reference prices (the 1-minute close a day ago) from the candles and
   * shares them; the feeder calls it at start and every minute.
   */
  async refreshReferences(): Promise<void> {
    const closes = await this.klines.closesAt(new Date(this.clock.now().getTime() - DAY_MS));
    const next = new Map<string, Decimal>();
    for (const instrument of this.instruments.all()) {
      const close = closes.get(instrument.id) ?? this.references.get(instrument.code);
      if (close) next.set(instrument.code, close);
    }
    this.references = next;
    if (next.size > 0) {
      await this.redis.hset(REF, Object.fromEntries([...next].map(([code, p]) => [code, p.toFixed()])));
    }
  }

  /**
   * Fills the Redis state of instruments that have none from the stored candles, so that lists
   * and charts show prices before the first tick (and at night for closed markets).
   */
  async primeFromCandles(): Promise<void> {
    const known = await this.redis.hkeys(LAST);
    for (const instrument of this.instruments.all()) {
      if (known.includes(instrument.code)) continue;
      const closes = await this.klines.recentCloses(instrument.id, HUNDRED);
      if (closes.length === 0) continue;
      const strings = closes.map((c) => c.toDecimalPlaces(instrument.pricePrecision).toFixed());
      const last = strings[strings.length - 1];
      const reference = this.references.get(instrument.code);
      await this.redis
        .multi()
        .del(hundredKey(instrument.code))
        .lpush(hundredKey(instrument.code), ...strings)
        .hset(LAST, instrument.code, last)
        .hset(ZDF, instrument.code, reference ? changePercent(new Decimal(last), reference) : '0.00')
        .exec();
    }
  }

  /** The latest price of a code from the shared state, else the last stored candle. */
  async lastPrice(instrument: Instrument): Promise<Decimal | null> {
    const cached = await this.redis.hget(LAST, instrument.code);
    if (cached) return new Decimal(cached);
    const [close] = await this.klines.recentCloses(instrument.id, 1);
    return close ?? null;
  }

  /** The last tick of a code at or before `at` from the last hour's history, else null. */
  async tickAt(code: string, at: Date): Promise<{ price: Decimal; ts: number } | null> {
    const [member] = await this.redis.zrevrangebyscore(
      tickHistoryKey(code),
      at.getTime(),
      '-inf',
      'LIMIT',
      0,
      1,
    );
    if (!member) return null;
    const [ts, price] = member.split(':');
    return { price: new Decimal(price), ts: Number(ts) };
  }

  /**
   * The ticks of a code in (from, to], oldest first; null when the history may have lost some of
   * them (it keeps the hour before the newest tick).
   */
  async ticksBetween(code: string, from: Date, to: Date): Promise<{ price: Decimal; ts: number }[] | null> {
    const key = tickHistoryKey(code);
    const [oldest, newest] = await Promise.all([
      this.redis.zrange(key, 0, 0, 'WITHSCORES'),
      this.redis.zrange(key, -1, -1, 'WITHSCORES'),
    ]);
    if (oldest.length === 0) return null;
    const complete =
      Number(oldest[1]) <= from.getTime() || from.getTime() >= Number(newest[1]) - TICK_HISTORY_MS;
    if (!complete) return null;
    const members = await this.redis.zrangebyscore(key, `(${from.getTime()}`, to.getTime());
    return members.map((member) => {
      const [ts, price] = member.split(':');
      return { price: new Decimal(price), ts: Number(ts) };
    });
  }

  async items(instruments: readonly Instrument[]): Promise<MarketItem[]> {
    if (instruments.length === 0) return [];
    const codes = instruments.map((i) => i.code);
    const pipeline = this.redis
      .pipeline()
      .hmget(LAST, ...codes)
      .hmget(ZDF, ...codes)
      .hmget(REF, ...codes);
    for (const code of codes) pipeline.lrange(hundredKey(code), 0, HUNDRED - 1);
    const results = (await pipeline.exec()) ?? [];
    const [last, zdf, ref] = results.slice(0, 3).map(([, v]) => (v ?? []) as (string | null)[]);
    return instruments.map((i, n) => ({
      id: i.id,
      code: i.code,
      type: i.type,
      appName: i.appName,
      logo: i.logo,
      price: ref[n] ?? last[n] ?? null,
      nowPrice: last[n] ?? null,
      zdf: zdf[n] ?? '0.00',
      hundred: [...((results[3 + n]?.[1] ?? []) as string[])].reverse(),
    }));
  }

  async info(instrument: Instrument): Promise<MarketInfo> {
    const [item] = await this.items([instrument]);
    return {
      ...item,
      pricePrecision: instrument.pricePrecision,
      contractSize: instrument.contractSize.toFixed(),
      spread: instrument.spread.toFixed(),
      leverages: instrument.leverages,
      tradingHours: instrument.tradingHours,
      tradable: this.instruments.isOpen(instrument),
    };
  }

  async flushCandles(): Promise<void> {
    await this.klines.flush().catch((e: Error) => this.logger.error(e.message));
  }
}

/** (price - reference) / reference in percent, two decimals. */
export function changePercent(price: Decimal, reference: Decimal): string {
  if (reference.isZero()) return '0.00';
  return price.minus(reference).div(reference).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}
