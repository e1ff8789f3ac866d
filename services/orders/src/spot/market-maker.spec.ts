import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { parseEnvironment } from '@app/common';
import { MarketMaker } from './market-maker';
import { PairUnits } from './matching';
import type { SpotParameters } from './spot-parameters';
import type { PairInfo } from './spot-pairs.service';
import type { LiveOrder, SpotSequencer } from './spot-sequencer.service';

const info = {
  pair: {
    symbol: 'LTCUSDT',
    base: 'LTC',
    quote: 'USDT',
    tickSize: new Decimal('0.01'),
    lotSize: new Decimal('0.001'),
  },
  units: new PairUnits(new Decimal('0.01'), new Decimal('0.001')),
  instrumentCode: 'LTCUSDT',
} as unknown as PairInfo;

const quote = { id: '1', userId: null, side: 'buy', price: new Decimal('79.9') } as unknown as LiveOrder;

/** The sequencer and database as far as the market maker uses them, recording what it does. */
function harness(resting: LiveOrder[] | null, cancelled: number) {
  const calls: string[] = [];
  const sequencer = {
    feedPrice: () => {
      calls.push('feedPrice');
      return Promise.resolve(new Decimal(80));
    },
    drain: (symbol: string, books: string[]) => {
      calls.push(`drain ${symbol} ${books.join(',')}`);
      return Promise.resolve(0);
    },
    makerOrders: () => resting,
  } as unknown as SpotSequencer;
  const dataSource = {
    query: (sql: string) => {
      calls.push(sql.trim().split(/\s+/).slice(0, 2).join(' '));
      return Promise.resolve([[], cancelled]);
    },
    transaction: () => {
      calls.push('transaction');
      return Promise.resolve();
    },
  } as unknown as DataSource;
  const parameters = {} as SpotParameters;
  return { calls, dataSource, sequencer, parameters };
}

describe('SPOT_MARKET_MAKER', () => {
  it('is on unless set to false, and refuses other values', () => {
    expect(parseEnvironment({}).SPOT_MARKET_MAKER).toBe(true);
    expect(parseEnvironment({ SPOT_MARKET_MAKER: 'false' }).SPOT_MARKET_MAKER).toBe(false);
    expect(parseEnvironment({ SPOT_MARKET_MAKER: 'true' }).SPOT_MARKET_MAKER).toBe(true);
    expect(() => parseEnvironment({ SPOT_MARKET_MAKER: 'off' })).toThrow(/SPOT_MARKET_MAKER/);
  });

  it('off: places no quotes and does not look at the price when none rest', async () => {
    const h = harness([], 0);
    const maker = new MarketMaker(h.dataSource, h.sequencer, h.parameters, { SPOT_MARKET_MAKER: false });
    await expect(maker.requote(info, 'demo')).resolves.toBe(false);
    expect(h.calls).toEqual(['drain LTCUSDT demo']);
  });

  it('off: withdraws the quotes still resting, through the sequencer', async () => {
    const h = harness([quote], 1);
    const maker = new MarketMaker(h.dataSource, h.sequencer, h.parameters, { SPOT_MARKET_MAKER: false });
    await expect(maker.requote(info, 'real')).resolves.toBe(true);
    expect(h.calls).toEqual(['drain LTCUSDT real', 'UPDATE orders.spot_orders', 'drain LTCUSDT real']);
  });

  it('on: quotes from the feed price', async () => {
    const h = harness(null, 0);
    h.parameters.marketMaker = () =>
      Promise.resolve({ levels: 2, step: new Decimal('0.001'), levelUsdt: new Decimal('100') });
    const maker = new MarketMaker(h.dataSource, h.sequencer, h.parameters, { SPOT_MARKET_MAKER: true });
    await expect(maker.requote(info, 'real')).resolves.toBe(true);
    expect(h.calls).toEqual(['feedPrice', 'drain LTCUSDT real', 'transaction', 'drain LTCUSDT real']);
  });
});
