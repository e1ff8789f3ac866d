import { Inject, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import {
  APP_CONFIG,
  AppException,
  ErrorCode,
  type AppConfig,
  type InstrumentTerms,
  type MarketPrices,
  type PriceCandle,
  type RecordedPrice,
} from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import type { Instrument } from '../instruments/entities/instrument.entity';
import { InstrumentsService } from '../instruments/instruments.service';
import { KlinesService } from '../klines/klines.service';
import type { Tick } from '../price-sources/price-source';
import { MarketDataService } from './market-data.service';
import { STALE_AFTER_MS, usableLastPrice } from './price-guard';
import type { PriceTick } from './market-item';

export type { MarketQuote as Quote } from '@app/common';
import type { MarketQuote as Quote } from '@app/common';

/** Prices for the other services (orders, options, funds): the feed's latest price and hours. */
@Injectable()
export class PriceService implements MarketPrices {
  constructor(
    private readonly catalogue: InstrumentsService,
    private readonly market: MarketDataService,
    private readonly klines: KlinesService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How old the last tick may be before an instrument is not traded on (ms; 0 = no limit). */
  private get staleAfterMs(): number {
    const seconds =
      this.config.MARKET_STALE_SECONDS ??
      (this.config.MARKET_SOURCES.trim() === 'none' ? 0 : STALE_AFTER_MS / 1000);
    return seconds * 1000;
  }

  instrument(codeOrId: string | number): InstrumentTerms {
    return typeof codeOrId === 'number' ? this.catalogue.byId(codeOrId) : this.catalogue.byCode(codeOrId);
  }

  instruments(): InstrumentTerms[] {
    return this.catalogue.all().filter((i) => i.status === 'active');
  }

  /** The latest price; 404 for an unknown code or an instrument that never had a price. */
  async lastPrice(code: string): Promise<Decimal> {
    const price = await this.market.lastPrice(this.catalogue.byCode(code));
    if (!price) throw new AppException(ErrorCode.NotFound);
    return price;
  }

  /** The quote to trade at now; 10015 while the instrument is paused by a bad tick or its feed is stale. */
  async quote(code: string): Promise<Quote> {
    const instrument = this.catalogue.byCode(code);
    const price = await this.usablePrice(instrument);
    const half = instrument.spread.div(2);
    return {
      bid: price.minus(half).toDecimalPlaces(instrument.pricePrecision, Decimal.ROUND_DOWN),
      ask: price.plus(half).toDecimalPlaces(instrument.pricePrecision, Decimal.ROUND_UP),
      price,
    };
  }

  /**
   * The price an order trades at now: 10015 while the instrument is paused by a bad tick or its
   * feed is stale (or never ticked), 404 when there is no price at all (no staleness limit set).
   */
  private async usablePrice(instrument: Instrument): Promise<Decimal> {
    const last = await usableLastPrice(this.redis, instrument.code, this.staleAfterMs);
    if (last) return new Decimal(last);
    const stored = await this.market.lastPrice(instrument);
    if (!stored) throw new AppException(ErrorCode.NotFound);
    return stored;
  }

  /** Whether the instrument's market is open at `at` (default: the market clock's now). */
  isTradable(code: string, at?: Date): boolean {
    return this.catalogue.isOpen(this.catalogue.byCode(code), at);
  }

  /** Throws 10015 outside the instrument's trading hours or while it is suspended. */
  assertTradable(code: string, at?: Date): void {
    if (!this.isTradable(code, at)) throw new AppException(ErrorCode.NotTradableTime);
  }

  /** Throws 10015 outside the instrument's trading hours; a suspended one's positions can close. */
  assertClosable(code: string, at?: Date): void {
    if (!this.catalogue.isClosable(this.catalogue.byCode(code), at))
      throw new AppException(ErrorCode.NotTradableTime);
  }

  /**
   * Whether an order would be taken now: what the order services check, assertTradable (active and
   * in its hours at `at`) then quote (not paused, the feed fresh, a price), in one answer. The
   * market info shows it, so that the app never offers what an order is refused on.
   */
  async isTradableNow(code: string, at?: Date): Promise<boolean> {
    const instrument = this.catalogue.byCode(code);
    return this.catalogue.isOpen(instrument, at) && (await this.hasUsablePrice(instrument));
  }

  /**
   * Whether quote would find a price for the instrument now (not paused, the feed fresh and
   * ticked). Takes the row, not the code: the console asks right after a change, before this
   * process's catalogue was read again.
   */
  async hasUsablePrice(instrument: Instrument): Promise<boolean> {
    try {
      await this.usablePrice(instrument);
      return true;
    } catch (error) {
      if (error instanceof AppException) return false;
      throw error;
    }
  }

  /**
   * The price in force at `at`: the last tick at or before it from the hour of tick history, else
   * the close of the last 1-minute K-line opened at or before it (settlements after a long outage).
   */
  async priceAt(code: string, at: Date): Promise<RecordedPrice | null> {
    const instrument = this.catalogue.byCode(code);
    const tick = await this.market.tickAt(instrument.code, at);
    if (tick) return { price: tick.price, at: new Date(tick.ts), source: 'tick' };
    const candle = await this.klines.closeAt(instrument.id, at);
    return candle ? { price: candle.close, at: candle.openTime, source: 'kline' } : null;
  }

  async ticks(code: string, from: Date, to: Date): Promise<RecordedPrice[] | null> {
    const ticks = await this.market.ticksBetween(this.catalogue.byCode(code).code, from, to);
    return ticks?.map((t) => ({ price: t.price, at: new Date(t.ts), source: 'tick' as const })) ?? null;
  }

  candles(code: string, from: Date, to: Date): Promise<PriceCandle[]> {
    return this.klines.minuteCandles(this.catalogue.byCode(code).id, from, to);
  }

  /** Feeds one tick through the same path as the sources (admin tools, tests, adapters). */
  publishTick(tick: Tick): Promise<PriceTick | null> {
    return this.market.ingest(tick);
  }
}
