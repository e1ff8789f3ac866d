import type { InstrumentType } from '../instruments/instrument-type';
import type { TradingHours } from '../instruments/trading-hours';

/** A row of the market lists (spec section 3), over HTTP and the socket alike. */
export interface MarketItem {
  id: number;
  code: string;
  type: InstrumentType;
  appName: string;
  logo: string;
  /** The reference price 24 hours ago, from which `zdf` is computed. */
  price: string | null;
  /** The latest price. */
  nowPrice: string | null;
  /** 24-hour change in percent, two decimals. */
  zdf: string;
  /** The latest (up to) 100 prices, oldest first. */
  hundred: string[];
}

export interface MarketInfo extends MarketItem {
  pricePrecision: number;
  contractSize: string;
  spread: string;
  leverages: number[];
  tradingHours: TradingHours;
  tradable: boolean;
  /**
   * When the market opens next (ISO): while its hours or a closure have it closed, when it opens
   * again; while open, when it opens again after its next close. Null for a market open all hours
   * (crypto), a suspended instrument, or when it does not open within 30 days (market-schedule.ts).
   */
  nextOpenAt: string | null;
  /** While open (hours and closures), when it closes next (ISO); null while closed or never closing. */
  nextCloseAt: string | null;
  /** Whether nextCloseAt is a closure's (an early close or a holiday), not the session's end. */
  nextCloseEarly: boolean;
}

/** The per-code live tick of the socket (room `symbol:<code>`). */
export interface PriceTick {
  code: string;
  price: string;
  zdf: string;
  ts: number;
}
