import Decimal from 'decimal.js';
import { calendarOf } from '../instruments/closures';
import { TRADING_HOURS } from '../instruments/trading-hours';
import { generateHistory } from './history';
import type { SourceInstrument } from './price-source';

const btc: SourceInstrument = {
  code: 'BTCUSDT',
  pricePrecision: 2,
  tradingHours: TRADING_HOURS.always,
  volatility: '0.55',
  startPrice: '65000',
};
const end = Date.parse('2024-06-12T10:30:45Z');

describe('generateHistory', () => {
  it('is deterministic and covers 30 days, with 1m for the last day', () => {
    const a = generateHistory(btc, 42, end);
    const b = generateHistory(btc, 42, end);
    expect(a.lastClose).toBe(b.lastClose);
    expect(a.candles).toEqual(b.candles);
    expect(a.candles.length).toBe(b.candles.length);
    const count = (p: string) => a.candles.filter((c) => c.period === p).length;
    expect(count('1m')).toBeGreaterThanOrEqual(1440);
    expect(count('1m')).toBeLessThan(1500);
    expect(count('1d')).toBeGreaterThanOrEqual(30);
    const oneMinute = a.candles.filter((c) => c.period === '1m').map((c) => c.openTime);
    expect(Math.max(...oneMinute)).toBe(Date.parse('2024-06-12T10:29:00Z'));
    const days = a.candles.filter((c) => c.period === '1d').map((c) => c.openTime);
    expect(Math.min(...days)).toBeLessThanOrEqual(end - 30 * 86_400_000);
    for (const c of a.candles) {
      const [open, high, low, close] = [c.open, c.high, c.low, c.close].map((v) => new Decimal(v));
      expect(high.gte(open) && high.gte(close)).toBe(true);
      expect(low.lte(open) && low.lte(close)).toBe(true);
      expect(c.close).toMatch(/^\d+\.\d{2}$/);
    }
    // Rolled-up candles agree with their parts: the day's high bounds the hours of that day.
    const day = a.candles.find(
      (c) => c.period === '1d' && c.openTime === Date.parse('2024-06-01T00:00:00Z'),
    )!;
    const hours = a.candles.filter(
      (c) => c.period === '1h' && c.openTime >= day.openTime && c.openTime < day.openTime + 86_400_000,
    );
    expect(hours).toHaveLength(24);
    expect(day.open).toBe(hours[0].open);
    expect(day.close).toBe(hours[23].close);
    expect(Decimal.max(...hours.map((h) => h.high)).toFixed(2)).toBe(day.high);
  });

  it('skips closed hours for a stock', () => {
    const stock = {
      ...btc,
      code: 'AAPL',
      tradingHours: TRADING_HOURS.usEquities,
      volatility: '0.28',
      startPrice: '190',
    };
    const { candles } = generateHistory(stock, 42, end);
    const intraday = candles.filter((c) => c.period === '1m' || c.period === '5m');
    expect(intraday.length).toBeGreaterThan(0);
    for (const { period, openTime } of intraday) {
      // 09:30-16:00 New York: 13:30-20:00 UTC in June.
      const d = new Date(openTime);
      expect([1, 2, 3, 4, 5]).toContain(d.getUTCDay());
      const minute = d.getUTCHours() * 60 + d.getUTCMinutes();
      expect(minute >= 810 && minute < 1200).toBe(true);
      expect(period).toMatch(/^(1m|5m)$/);
    }
  });
});

describe('generateHistory with market closures', () => {
  it('writes no candle on a closure day and none after an early close', () => {
    const stock = {
      ...btc,
      code: 'AAPL',
      tradingHours: TRADING_HOURS.usEquities,
      volatility: '0.28',
      startPrice: '190',
    };
    // 2024-06-11 (Tuesday, within the last week of 5-minute bars): closed; 2024-06-10 closes at 12:00 New York.
    const closures = calendarOf([
      { day: '2024-06-11', closesAt: null },
      { day: '2024-06-10', closesAt: '12:00' },
    ]);
    const open = generateHistory(stock, 42, end).candles.filter((c) => c.period === '5m');
    const closed = generateHistory({ ...stock, closures }, 42, end).candles.filter((c) => c.period === '5m');
    const on = (list: typeof open, from: string, to: string) =>
      list.filter((c) => c.openTime >= Date.parse(from) && c.openTime < Date.parse(to));
    expect(on(open, '2024-06-11T00:00:00Z', '2024-06-12T00:00:00Z').length).toBe(78);
    expect(on(closed, '2024-06-11T00:00:00Z', '2024-06-12T00:00:00Z')).toEqual([]);
    // 09:30-12:00 New York (13:30-16:00 UTC): 30 five-minute bars instead of 78.
    expect(on(closed, '2024-06-10T00:00:00Z', '2024-06-11T00:00:00Z').length).toBe(30);
    expect(on(closed, '2024-06-07T00:00:00Z', '2024-06-08T00:00:00Z').length).toBe(78);
  });
});
