import { assignSources } from './source-assignment';
import { parseTickerMessage } from './exchange-ticker.source';

const instruments = [
  { code: 'BTCUSDT', type: 2 },
  { code: 'ETHUSDT', type: 2 },
  { code: 'EURUSD', type: 1 },
];
const codes = (m: Map<string, { code: string }[]>, source: string) =>
  (m.get(source) ?? []).map((i) => i.code);

describe('assignSources (MARKET_SOURCES)', () => {
  it('defaults everything to the simulator', () => {
    expect(codes(assignSources('simulator:*', instruments), 'simulator')).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'EURUSD',
    ]);
  });

  it('first match wins; codes and types select', () => {
    const m = assignSources('exchange:btcusdt;simulator:type:1', instruments);
    expect(codes(m, 'exchange')).toEqual(['BTCUSDT']);
    expect(codes(m, 'simulator')).toEqual(['EURUSD']);
  });

  it('none feeds nothing; a bad entry is refused', () => {
    expect(assignSources('none', instruments).size).toBe(0);
    expect(() => assignSources('oracle:*', instruments)).toThrow(/MARKET_SOURCES/);
  });
});

describe('parseTickerMessage', () => {
  const known = new Set(['BTCUSDT']);
  it('reads the combined ticker stream', () => {
    expect(
      parseTickerMessage(
        '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","E":1718000000000,"s":"BTCUSDT","c":"65000.10"}}',
        known,
      ),
    ).toEqual({ code: 'BTCUSDT', price: '65000.1', ts: 1718000000000 });
  });
  it('ignores garbage, unknown symbols and bad prices', () => {
    expect(parseTickerMessage('not json', known)).toBeNull();
    expect(parseTickerMessage('{"data":{"s":"XYZUSDT","c":"1"}}', known)).toBeNull();
    expect(parseTickerMessage('{"data":{"s":"BTCUSDT","c":"1e9"}}', known)).toBeNull();
    expect(parseTickerMessage('{"result":null,"id":1}', known)).toBeNull();
  });
});
