import { Inject, Injectable, Logger } from '@nestjs/common';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';
import type { Instrument } from '../instruments/entities/instrument.entity';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketClock } from '../instruments/market-clock';
import { nextMarketTimes } from '../instruments/market-schedule';
import { PAUSED_KEY, refusal } from './price-guard';
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

/** A tick waiting for its batch write, with its caller's answer. */
interface QueuedTick {
  tick: Tick;
  resolve: (published: PriceTick | null) => void;
  reject: (error: Error) => void;
}

/**
 * The live state of the market in Redis (latest price, 24h change, the last 100 prices), shared by
 * every process, and the one path a tick takes: state, candles, then the pub/sub channel that
 * every gateway process fans out.
 */
@Injectable()
export class MarketDataService {
  private references = new Map<string, Decimal>();
  /** Ticks waiting for the next batch write, and the chain of batch writes. */
  private queued: QueuedTick[] = [];
  private writeScheduled = false;
  private writing: Promise<void> = Promise.resolve();
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
   * Takes one tick from a source; unknown codes are dropped (suspended ones are fed); the price is cut to the
   * precision. Answers the tick as published, or null when it was dropped or refused.
   *
   * The ticks of one event-loop turn (a source ticks all its instruments at once) are written
   * together: one read of their last prices for the guard and one MULTI for the state, the
   * history and the channel, instead of two round trips and ten commands per tick, so the last
   * tick of a burst reaches the channel about as soon as the first. Batches are written one after
   * the other: each one's guard reads what the one before wrote.
   */
  ingest(tick: Tick): Promise<PriceTick | null> {
    return new Promise((resolve, reject) => {
      this.queued.push({ tick, resolve, reject });
      if (this.writeScheduled) return;
      this.writeScheduled = true;
      setImmediate(() => {
        this.writing = this.writing.then(() => {
          this.writeScheduled = false;
          const batch = this.queued;
          this.queued = [];
          return this.write(batch);
        });
      });
    });
  }

  /** Writes a batch of ticks (in their order) and answers each caller. Never rejects. */
  private async write(batch: QueuedTick[]): Promise<void> {
    try {
      const known: { queued: QueuedTick; instrument: Instrument; price: Decimal }[] = [];
      for (const queued of batch) {
        const instrument = this.instruments.findByCode(queued.tick.code);
        // A tick without a time is dropped alone (it would fail the batch's writes); one without a
        // number for a price reaches the guard as NaN, which refuses it.
        if (!instrument || !validTime(queued.tick.ts)) queued.resolve(null);
        else {
          const price = decimalOrNaN(queued.tick.price).toDecimalPlaces(instrument.pricePrecision);
          known.push({ queued, instrument, price });
        }
      }
      if (known.length === 0) return;
      const codes = [...new Set(known.map((k) => k.instrument.code))];
      const lasts = await this.redis.hmget(LAST, ...codes);
      const lastAccepted = new Map(codes.map((code, n) => [code, lasts[n] ? new Decimal(lasts[n]) : null]));
      // Per code, the pause its last tick of the batch leaves (a refusal pauses, a pass lifts it),
      // and what its admitted ticks write: the latest price and change, every price in order.
      const pauses = new Map<string, string | null>();
      const admitted = new Map<string, PriceTick[]>();
      const published: { queued: QueuedTick; out: PriceTick | null }[] = [];
      for (const { queued, instrument, price } of known) {
        const code = instrument.code;
        const { ts } = queued.tick;
        // A zero or wildly jumping price pauses the instrument instead (price-guard.ts).
        const reason = refusal(price, lastAccepted.get(code) ?? null);
        if (reason) {
          pauses.set(code, JSON.stringify({ reason, price: price.toFixed(), ts }));
          published.push({ queued, out: null });
          continue;
        }
        pauses.set(code, null);
        lastAccepted.set(code, price);
        this.klines.record(instrument.id, price, ts);
        const reference = this.references.get(code);
        if (!reference) this.references.set(code, price);
        const out: PriceTick = {
          code,
          price: price.toFixed(),
          zdf: changePercent(price, reference ?? price),
          ts,
        };
        admitted.set(code, [...(admitted.get(code) ?? []), out]);
        published.push({ queued, out });
      }
      const multi = this.redis.multi();
      const paused = [...pauses].filter(([, pause]) => pause !== null);
      const resumed = [...pauses].filter(([, pause]) => pause === null).map(([code]) => code);
      if (paused.length > 0) multi.hset(PAUSED_KEY, Object.fromEntries(paused));
      if (resumed.length > 0) multi.hdel(PAUSED_KEY, ...resumed);
      if (admitted.size > 0) {
        const latest = [...admitted.values()].map((ticks) => ticks[ticks.length - 1]);
        multi
          .hset(LAST, Object.fromEntries(latest.map((t) => [t.code, t.price])))
          .hset(ZDF, Object.fromEntries(latest.map((t) => [t.code, t.zdf])));
      }
      for (const [code, ticks] of admitted) {
        const newest = ticks[ticks.length - 1].ts;
        multi
          .lpush(hundredKey(code), ...ticks.map((t) => t.price))
          .ltrim(hundredKey(code), 0, HUNDRED - 1)
          .zadd(tickHistoryKey(code), ...ticks.flatMap((t) => [t.ts, `${t.ts}:${t.price}`]))
          .zremrangebyscore(tickHistoryKey(code), '-inf', newest - TICK_HISTORY_MS);
      }
      // The channel last, in the ticks' order: a subscriber that reads the state on a tick finds it.
      for (const { out } of published) if (out) multi.publish(this.channel, JSON.stringify(out));
      await multi.exec();
      for (const { queued, out } of published) queued.resolve(out);
    } catch (error) {
      for (const queued of batch) queued.reject(error as Error);
    }
  }

  /**
   * Reloads the 24-hour reference prices (the 1-minute close a day ago) from the candles and
   * shares them; the feeder calls it at start and every minute.
   */
  async refreshReferences(): Promise<void> {
    const closes = await this.klines.closesAt(new Date(this.clock.now().getTime() - DAY_MS));
    const next = new Map<string, Decimal>();
    for (const instrument of this.instruments.everything()) {
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
    for (const instrument of this.instruments.everything()) {
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
    return instruments.map((i, n) => {
      const nowPrice = last[n] ?? null;
      const reference = ref[n] ?? null;
      return {
        id: i.id,
        code: i.code,
        type: i.type,
        appName: i.appName,
        logo: i.logo,
        price: reference ?? nowPrice,
        nowPrice,
        // From the two prices it shows: the stored change is written by ticks only, and the
        // reference moves every minute also while an instrument does not tick (a closed market, an
        // instrument no source of this deployment feeds).
        zdf:
          nowPrice !== null && reference !== null
            ? changePercent(new Decimal(nowPrice), new Decimal(reference))
            : (zdf[n] ?? '0.00'),
        hundred: [...((results[3 + n]?.[1] ?? []) as string[])].reverse(),
      };
    });
  }

  /**
   * The item with the instrument's terms; `tradable` as PriceService.isTradableNow answers it, and
   * when its market opens and closes next by its hours and its type's closures (market-schedule.ts;
   * a suspended instrument has no next opening to tell).
   */
  async info(instrument: Instrument, tradable: boolean): Promise<MarketInfo> {
    const [item] = await this.items([instrument]);
    const times =
      instrument.status === 'active'
        ? nextMarketTimes(
            instrument.tradingHours,
            this.instruments.closuresOf(instrument.type),
            this.clock.now(),
          )
        : null;
    return {
      ...item,
      pricePrecision: instrument.pricePrecision,
      contractSize: instrument.contractSize.toFixed(),
      spread: instrument.spread.toFixed(),
      leverages: instrument.leverages,
      tradingHours: instrument.tradingHours,
      tradable,
      nextOpenAt: times?.nextOpenAt?.toISOString() ?? null,
      nextCloseAt: times?.nextCloseAt?.toISOString() ?? null,
      nextCloseEarly: times?.nextCloseEarly ?? false,
    };
  }

  async flushCandles(): Promise<void> {
    await this.klines.flush().catch((e: Error) => this.logger.error(e.message));
  }
}

/** Epoch milliseconds a candle and the tick history can hold. */
function validTime(ts: unknown): ts is number {
  return Number.isSafeInteger(ts) && (ts as number) >= 0 && (ts as number) <= 253_402_300_799_999;
}

function decimalOrNaN(value: unknown): Decimal {
  try {
    return new Decimal(value as Decimal.Value);
  } catch {
    return new Decimal(NaN);
  }
}

/** (price - reference) / reference in percent, two decimals. */
export function changePercent(price: Decimal, reference: Decimal): string {
  if (reference.isZero()) return '0.00';
  return price.minus(reference).div(reference).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}
