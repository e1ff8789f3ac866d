import type Decimal from 'decimal.js';

/** What the order services need to know about an instrument (the market service owns the table). */
export interface InstrumentTerms {
  id: number;
  code: string;
  type: number;
  appName: string;
  pricePrecision: number;
  contractSize: Decimal;
  spread: Decimal;
  leverages: number[];
  status: 'active' | 'suspended';
}

export interface MarketQuote {
  /** What a seller gets: price minus half the spread, rounded down to the precision. */
  bid: Decimal;
  /** What a buyer pays: price plus half the spread, rounded up to the precision. */
  ask: Decimal;
  price: Decimal;
}

/** A price as the market recorded it at a moment: the tick itself, or the 1-minute K-line around it. */
export interface RecordedPrice {
  price: Decimal;
  /** When that price was seen: the tick's time, or the open time of the K-line. */
  at: Date;
  source: 'tick' | 'kline';
}

/** A stored 1-minute K-line (feed prices, not bid/ask). */
export interface PriceCandle {
  openTime: Date;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
}

/**
 * Prices and trading hours for the other services, provided by the market service under
 * MARKET_PRICES. Services depend on this contract, never on the market service's internals.
 */
export interface MarketPrices {
  /** The instrument by code or id; 404 (AppException NotFound) when unknown. */
  instrument(codeOrId: string | number): InstrumentTerms;
  /** Every active instrument. */
  instruments(): InstrumentTerms[];
  lastPrice(code: string): Promise<Decimal>;
  quote(code: string): Promise<MarketQuote>;
  isTradable(code: string, at?: Date): boolean;
  /** Throws 10015 outside the instrument's trading hours or while it is suspended (no new orders). */
  assertTradable(code: string, at?: Date): void;
  /**
   * Throws 10015 outside the instrument's trading hours: closing a position, which a suspension
   * does not prevent (a suspended instrument takes no new orders, but is still priced).
   */
  assertClosable(code: string, at?: Date): void;
  /**
   * Whether an order would be taken now: active, in its hours and a usable price (not paused by
   * the feed guard, the feed fresh). What screens show, so that they never offer what is refused.
   */
  isTradableNow(code: string, at?: Date): Promise<boolean>;
  /**
   * The price in force at `at`: the last tick at or before it (kept for an hour), else the close
   * of the last 1-minute K-line opened at or before it; null when the market knows none.
   */
  priceAt(code: string, at: Date): Promise<RecordedPrice | null>;
  /**
   * Every tick in (from, to], oldest first, from the hour of tick history; null when that history
   * does not reach back to `from` (then the K-lines are what is known).
   */
  ticks(code: string, from: Date, to: Date): Promise<RecordedPrice[] | null>;
  /** The 1-minute K-lines whose minute overlaps [from, to], oldest first. */
  candles(code: string, from: Date, to: Date): Promise<PriceCandle[]>;
}

export const MARKET_PRICES = Symbol('MARKET_PRICES');
