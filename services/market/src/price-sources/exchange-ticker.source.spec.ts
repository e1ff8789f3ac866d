import { parseTickerMessage } from './exchange-ticker.source';

const known = new Set(['BTCUSDT']);
const message = (E: unknown) =>
  JSON.stringify({ stream: 'btcusdt@ticker', data: { e: '24hrTicker', E, s: 'BTCUSDT', c: '67000.50' } });

describe('parseTickerMessage', () => {
  it("keeps the exchange's event time of a tick", () => {
    expect(parseTickerMessage(message(1718200000000), known)).toEqual({
      code: 'BTCUSDT',
      price: '67000.5',
      ts: 1718200000000,
    });
  });

  it('takes the time of arrival for an event time that is no time: not a whole number, negative, out of range or ahead of the clock', () => {
    for (const E of [1e300, -5e15, -1, 1718200000000.5, Date.now() + 3_600_000, '1718200000000', null]) {
      const before = Date.now();
      const tick = parseTickerMessage(message(E), known);
      const after = Date.now();
      expect({ E, ok: tick !== null && tick.ts >= before && tick.ts <= after }).toEqual({ E, ok: true });
    }
  });
});
