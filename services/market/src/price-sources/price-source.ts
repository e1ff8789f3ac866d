import type { ClosureCalendar } from '../instruments/closures';
import type { TradingHours } from '../instruments/trading-hours';

/** One price observation from a source; the price is a decimal string, never a JS number. */
export interface Tick {
  code: string;
  price: string;
  /** Epoch milliseconds of the observation. */
  ts: number;
}

/** What a source needs to know about an instrument it feeds. */
export interface SourceInstrument {
  code: string;
  pricePrecision: number;
  tradingHours: TradingHours;
  /** The closures of the instrument's type (holidays, early closes): no ticks, no history on them. */
  closures?: ClosureCalendar;
  /** Annualized volatility (simulator). */
  volatility: string;
  /** Where the simulator's walk starts: the last stored price, else the reference price. */
  startPrice: string;
}

export type TickListener = (tick: Tick) => void;

/** Every price source (simulator, exchange adapters) behind one interface. */
export interface PriceSource {
  readonly name: string;
  start(instruments: SourceInstrument[], onTick: TickListener): Promise<void>;
  /** Stops every timer and socket of the source. */
  stop(): Promise<void>;
}
