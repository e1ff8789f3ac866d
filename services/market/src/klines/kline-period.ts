export const KLINE_PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

const MINUTE = 60_000;
export const PERIOD_MS: Record<KlinePeriod, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};

// The epoch was a Thursday; weeks open on Monday 00:00 UTC as on the exchanges.
const WEEK_OFFSET = 4 * 1440 * MINUTE;

/** Open time (ms) of the candle of `period` that contains `ts`. */
export function periodOpenTime(period: KlinePeriod, ts: number): number {
  const size = PERIOD_MS[period];
  if (period === '1w') return Math.floor((ts - WEEK_OFFSET) / size) * size + WEEK_OFFSET;
  return Math.floor(ts / size) * size;
}
