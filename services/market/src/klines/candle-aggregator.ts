import Decimal from 'decimal.js';
import { KLINE_PERIODS, periodOpenTime, type KlinePeriod } from './kline-period';

export interface Candle {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  /** Tick volume: the number of ticks in the candle (the feeds give no traded volume per tick). */
  volume: Decimal;
}

export interface PendingCandle extends Candle {
  instrumentId: number;
  period: KlinePeriod;
  openTime: number;
}

export interface AggregatedTick {
  instrumentId: number;
  price: Decimal;
  ts: number;
}

/**
 * Collects the candles touched by ticks since the last drain, one entry per (instrument, period,
 * open time). A drained batch is a partial candle: its open is the batch's first tick, so the
 * upsert keeps a stored open, widens high/low, takes the close and adds the volume.
 */
export class CandleAggregator {
  private pending = new Map<string, PendingCandle>();

  constructor(private readonly periods: readonly KlinePeriod[] = KLINE_PERIODS) {}

  add(tick: AggregatedTick): void {
    for (const period of this.periods) {
      const openTime = periodOpenTime(period, tick.ts);
      const key = `${tick.instrumentId}|${period}|${openTime}`;
      const candle = this.pending.get(key);
      if (!candle) {
        this.pending.set(key, {
          instrumentId: tick.instrumentId,
          period,
          openTime,
          open: tick.price,
          high: tick.price,
          low: tick.price,
          close: tick.price,
          volume: new Decimal(1),
        });
      } else {
        if (tick.price.gt(candle.high)) candle.high = tick.price;
        if (tick.price.lt(candle.low)) candle.low = tick.price;
        candle.close = tick.price;
        candle.volume = candle.volume.plus(1);
      }
    }
  }

  get size(): number {
    return this.pending.size;
  }

  /** Returns the pending candles and starts a new batch. */
  drain(): PendingCandle[] {
    const out = [...this.pending.values()];
    this.pending = new Map();
    return out;
  }

  /**
   * Puts back a drained batch that could not be written, before the ticks added since (its own
   * are older): the next drain holds both as if the batch had never left.
   */
  restore(batch: readonly PendingCandle[]): void {
    for (const older of batch) {
      const key = `${older.instrumentId}|${older.period}|${older.openTime}`;
      const newer = this.pending.get(key);
      this.pending.set(
        key,
        newer
          ? {
              ...older,
              high: newer.high.gt(older.high) ? newer.high : older.high,
              low: newer.low.lt(older.low) ? newer.low : older.low,
              close: newer.close,
              volume: older.volume.plus(newer.volume),
            }
          : older,
      );
    }
  }
}

/** What the database upsert does with a stored candle and a drained batch (same rule, in code). */
export function mergeCandle(stored: Candle | undefined, batch: Candle): Candle {
  if (!stored) return batch;
  return {
    open: stored.open,
    high: batch.high.gt(stored.high) ? batch.high : stored.high,
    low: batch.low.lt(stored.low) ? batch.low : stored.low,
    close: batch.close,
    volume: stored.volume.plus(batch.volume),
  };
}
