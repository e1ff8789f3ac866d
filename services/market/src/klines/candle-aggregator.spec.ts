import Decimal from 'decimal.js';
import fc from 'fast-check';
import { CandleAggregator, mergeCandle, type Candle } from './candle-aggregator';
import { periodOpenTime } from './kline-period';

const d = (v: string | number) => new Decimal(v);

describe('periodOpenTime', () => {
  it('floors to the period; weeks open on Monday 00:00 UTC', () => {
    const ts = Date.parse('2024-06-12T13:47:31.250Z'); // a Wednesday
    expect(new Date(periodOpenTime('1m', ts)).toISOString()).toBe('2024-06-12T13:47:00.000Z');
    expect(new Date(periodOpenTime('15m', ts)).toISOString()).toBe('2024-06-12T13:45:00.000Z');
    expect(new Date(periodOpenTime('4h', ts)).toISOString()).toBe('2024-06-12T12:00:00.000Z');
    expect(new Date(periodOpenTime('1d', ts)).toISOString()).toBe('2024-06-12T00:00:00.000Z');
    expect(new Date(periodOpenTime('1w', ts)).toISOString()).toBe('2024-06-10T00:00:00.000Z');
    expect(new Date(periodOpenTime('1w', Date.parse('2024-06-10T00:00:00Z'))).toISOString()).toBe(
      '2024-06-10T00:00:00.000Z',
    );
  });
});

describe('CandleAggregator', () => {
  it('open = first tick, close = last, high/low bound every tick, volume = tick count', () => {
    const agg = new CandleAggregator(['1m', '1h']);
    const base = Date.parse('2024-06-12T10:00:00Z');
    for (const [i, p] of ['10', '12', '9.5', '11'].entries())
      agg.add({ instrumentId: 1, price: d(p), ts: base + i * 1000 });
    agg.add({ instrumentId: 1, price: d('13'), ts: base + 61_000 });
    const out = agg.drain();
    expect(agg.size).toBe(0);
    const first = out.find((c) => c.period === '1m' && c.openTime === base)!;
    expect([first.open, first.high, first.low, first.close, first.volume].map(String)).toEqual([
      '10',
      '12',
      '9.5',
      '11',
      '4',
    ]);
    const hour = out.find((c) => c.period === '1h')!;
    expect([hour.open, hour.high, hour.low, hour.close, hour.volume].map(String)).toEqual([
      '10',
      '13',
      '9.5',
      '13',
      '5',
    ]);
    expect(out).toHaveLength(3);
  });

  it('merging drained batches equals aggregating every tick at once (the upsert rule)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 39 }),
        (prices, cut) => {
          const ticks = prices.map((p, i) => ({ instrumentId: 1, price: d(p).div(100), ts: i }));
          const whole = new CandleAggregator(['1m']);
          ticks.forEach((t) => whole.add(t));
          const [all] = whole.drain();
          const parts = new CandleAggregator(['1m']);
          let merged: Candle | undefined;
          for (const chunk of [ticks.slice(0, cut), ticks.slice(cut)]) {
            chunk.forEach((t) => parts.add(t));
            for (const c of parts.drain()) merged = mergeCandle(merged, c);
          }
          expect(
            [merged!.open, merged!.high, merged!.low, merged!.close, merged!.volume].map(String),
          ).toEqual([all.open, all.high, all.low, all.close, all.volume].map(String));
        },
      ),
    );
  });
});

describe('CandleAggregator.restore (a batch that could not be written)', () => {
  it('puts the batch back before the ticks that came since: the next drain is as if it never failed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 39 }),
        (prices, at) => {
          const cut = Math.min(at, prices.length - 1);
          // Two minutes and two instruments, so that some candles are in one part only.
          const ticks = prices.map((p, i) => ({
            instrumentId: 1 + (i % 2),
            price: d(p).div(100),
            ts: i * 5_000,
          }));
          const whole = new CandleAggregator(['1m', '5m']);
          ticks.forEach((t) => whole.add(t));
          const parts = new CandleAggregator(['1m', '5m']);
          ticks.slice(0, cut).forEach((t) => parts.add(t));
          const failed = parts.drain();
          ticks.slice(cut).forEach((t) => parts.add(t));
          parts.restore(failed);
          const key = (c: { instrumentId: number; period: string; openTime: number }) =>
            `${c.instrumentId}|${c.period}|${c.openTime}`;
          const view = (list: ReturnType<CandleAggregator['drain']>) =>
            Object.fromEntries(
              list.map((c) => [key(c), [c.open, c.high, c.low, c.close, c.volume].map(String)]),
            );
          expect(view(parts.drain())).toEqual(view(whole.drain()));
        },
      ),
    );
  });
});
