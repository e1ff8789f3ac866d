import Decimal from 'decimal.js';
import { isOpenAt } from '../instruments/trading-hours';
import { KLINE_PERIODS, PERIOD_MS, periodOpenTime, type KlinePeriod } from '../klines/kline-period';
import type { SourceInstrument } from './price-source';
import { RandomWalk } from './random-walk';

/** A generated candle with its prices as decimal strings at the instrument's precision. */
export interface HistoryCandle {
  period: KlinePeriod;
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

interface Bar {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The generated history of a fresh install, coarser the older it is, so that writing it stays
 * fast (~5,000 rows per 24/7 instrument instead of 43,200 one-minute candles per period):
 * 1-minute base candles for the last day, 5-minute for days 2-7, 1-hour for days 8-30. Every
 * longer period is rolled up from the base candles it covers, so 1m exists for the last day,
 * 5m for the last week, 15m and longer for all 30 days. Segment bounds are whole hours, so no
 * candle straddles two bases. A bar is written when its market is open (hours, and no closure:
 * a holiday has no candles) at its first or last minute.
 */
export const HISTORY_SEGMENTS: { fromDaysAgo: number; toDaysAgo: number; base: KlinePeriod }[] = [
  { fromDaysAgo: 30, toDaysAgo: 7, base: '1h' },
  { fromDaysAgo: 7, toDaysAgo: 1, base: '5m' },
  { fromDaysAgo: 1, toDaysAgo: 0, base: '1m' },
];

const SUB_STEPS = 4;

/**
 * Deterministic for (seed, instrument, end): candles up to the minute before `endMs`.
 * The bars are JS numbers already rounded to the precision (the simulator's draws); rolling them
 * up only compares and copies them, and each leaves as an exact decimal string via toFixed.
 */
export function generateHistory(
  instrument: SourceInstrument,
  seed: number,
  endMs: number,
): { candles: HistoryCandle[]; lastClose: string } {
  const end = Math.floor(endMs / 60_000) * 60_000;
  const precision = instrument.pricePrecision;
  const walk = new RandomWalk(
    seed,
    `history:${instrument.code}`,
    new Decimal(instrument.startPrice),
    Number(instrument.volatility),
    precision,
  );
  const unit = 10 ** -precision;
  const round = (level: number) => Math.max(Number(level.toFixed(precision)), unit);
  const hourFloor = (t: number) => Math.floor(t / HOUR) * HOUR;
  const bases: { base: KlinePeriod; bars: Bar[] }[] = [];
  let level = walk.price().toNumber();
  let close = round(level);
  for (const segment of HISTORY_SEGMENTS) {
    const size = PERIOD_MS[segment.base];
    const from = hourFloor(end - segment.fromDaysAgo * DAY);
    const to = segment.toDaysAgo === 0 ? end : hourFloor(end - segment.toDaysAgo * DAY);
    const bars: Bar[] = [];
    for (let t = from; t + size <= to; t += size) {
      const open =
        isOpenAt(instrument.tradingHours, new Date(t), instrument.closures) ||
        isOpenAt(instrument.tradingHours, new Date(t + size - 60_000), instrument.closures);
      if (!open) continue;
      const first = close;
      let high = first;
      let low = first;
      for (let i = 0; i < SUB_STEPS; i++) {
        level = walk.advance(size / SUB_STEPS);
        close = round(level);
        if (close > high) high = close;
        if (close < low) low = close;
      }
      // Tick volume, about one tick a second as the live feed makes.
      const volume = Math.round((size / 1000) * (0.5 + walk.uniform()));
      bars.push({ openTime: t, open: first, high, low, close, volume });
    }
    bases.push({ base: segment.base, bars });
  }
  const candles: HistoryCandle[] = [];
  for (const period of KLINE_PERIODS) {
    const sources = bases.filter((b) => PERIOD_MS[b.base] <= PERIOD_MS[period]).flatMap((b) => b.bars);
    for (const bar of rollUpBars(sources, period)) {
      candles.push({
        period,
        openTime: bar.openTime,
        open: bar.open.toFixed(precision),
        high: bar.high.toFixed(precision),
        low: bar.low.toFixed(precision),
        close: bar.close.toFixed(precision),
        volume: String(bar.volume),
      });
    }
  }
  return { candles, lastClose: close.toFixed(precision) };
}

/** Bars of a longer period from shorter bars in time order. */
function rollUpBars(bars: Bar[], period: KlinePeriod): Bar[] {
  const out = new Map<number, Bar>();
  for (const bar of bars) {
    const key = periodOpenTime(period, bar.openTime);
    const into = out.get(key);
    if (!into) out.set(key, { ...bar, openTime: key });
    else {
      if (bar.high > into.high) into.high = bar.high;
      if (bar.low < into.low) into.low = bar.low;
      into.close = bar.close;
      into.volume += bar.volume;
    }
  }
  return [...out.values()];
}
