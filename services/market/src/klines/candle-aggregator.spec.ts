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
