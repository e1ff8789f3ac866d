import Decimal from 'decimal.js';
import { MAX_TICK_FACTOR, refusal } from './price-guard';

const d = (v: string) => new Decimal(v);

describe('refusal (the feed guard)', () => {
  it('refuses a zero or negative price, whatever the last one', () => {
    expect(refusal(d('0'), d('100'))).toBe('zero');
    expect(refusal(d('-1'), null)).toBe('zero');
  });

  it(`refuses a jump beyond ${MAX_TICK_FACTOR}x either way, and admits the band's edges`, () => {
    expect(refusal(d('200.00000001'), d('100'))).toBe('spike');
    expect(refusal(d('49.99999999'), d('100'))).toBe('spike');
    expect(refusal(d('200'), d('100'))).toBeNull();
    expect(refusal(d('50'), d('100'))).toBeNull();
  });

  it('refuses a price that is no number (NaN, infinite), whatever the last one', () => {
    for (const last of [null, d('100')]) {
      expect(refusal(new Decimal(NaN), last)).toBe('invalid');
      expect(refusal(new Decimal(Infinity), last)).toBe('invalid');
    }
  });

  it('admits any positive price when none was accepted before', () => {
    expect(refusal(d('123456789'), null)).toBeNull();
    expect(refusal(d('0.00000001'), d('0'))).toBeNull();
  });
});
