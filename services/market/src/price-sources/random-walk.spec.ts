import Decimal from 'decimal.js';
import { RandomWalk } from './random-walk';

describe('RandomWalk', () => {
  it('is deterministic for a seed and differs between seeds and codes', () => {
    const run = (seed: number, code: string) => {
      const walk = new RandomWalk(seed, code, new Decimal('65000'), 0.55, 2);
      return Array.from({ length: 50 }, () => walk.step(1000).toFixed());
    };
    expect(run(7, 'BTCUSDT')).toEqual(run(7, 'BTCUSDT'));
    expect(run(7, 'BTCUSDT')).not.toEqual(run(8, 'BTCUSDT'));
    expect(run(7, 'BTCUSDT')).not.toEqual(run(7, 'ETHUSDT'));
  });

  it('rounds to the precision and stays near the start over a day of 1-second steps', () => {
    const walk = new RandomWalk(1, 'EURUSD', new Decimal('1.085'), 0.07, 5);
    let last = new Decimal(0);
    for (let i = 0; i < 86_400; i++) last = walk.step(1000);
    expect(last.decimalPlaces()).toBeLessThanOrEqual(5);
    expect(last.toNumber()).toBeGreaterThan(1.0);
    expect(last.toNumber()).toBeLessThan(1.2);
  });
});
