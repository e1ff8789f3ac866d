import Decimal from 'decimal.js';
import fc from 'fast-check';
import { LOAN_SCALE, loanInterest } from './loan-math';

/** Money properties of loan interest (issue 14, item 3): >= 1,000 runs each. */
const RUNS = { numRuns: Math.max(1000, Number(process.env.FC_RUNS ?? 1000)) };
const ULP = new Decimal(1).div(new Decimal(10).pow(LOAN_SCALE));
const principal = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }))
  .map(([n, scale]) => new Decimal(n.toString()).div(new Decimal(10).pow(scale)));
// Daily rates in percent with up to 6 decimals (numeric(10, 6)).
const rate = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(1e6));
const days = fc.integer({ min: -5, max: 400 });

describe('loan interest rounding (fast-check, >= 1,000 runs each)', () => {
  it('the borrower is charged the exact interest floored to the scale; the remainder is the house`s', () => {
    fc.assert(
      fc.property(principal, rate, days, (p, r, n) => {
        const { exact, charged, remainder } = loanInterest(p, r, n);
        expect(charged.decimalPlaces()).toBeLessThanOrEqual(LOAN_SCALE);
        expect(charged.plus(remainder).eq(exact)).toBe(true);
        expect(remainder.gte(0) && remainder.lt(ULP)).toBe(true);
        const truth = p.times(r).div(100).times(Math.max(0, n));
        expect(exact.lte(truth) && truth.minus(exact).lt('1e-18')).toBe(true);
        if (n <= 0) expect(charged.isZero() && remainder.isZero()).toBe(true);
      }),
      RUNS,
    );
  });

  it('more days never cost less; a repayment`s legs balance (user + rounding = pool + fees)', () => {
    fc.assert(
      fc.property(principal, rate, days, fc.integer({ min: 0, max: 30 }), (p, r, n, more) => {
        const a = loanInterest(p, r, n);
        const b = loanInterest(p, r, n + more);
        expect(b.charged.gte(a.charged)).toBe(true);
        expect(b.exact.gte(a.exact)).toBe(true);
        // The legs of a repayment: the borrower pays principal + charged interest, the rounding
        // account the remainder; the loan pool gets the principal, the fee account the exact interest.
        const paidIn = p.plus(b.charged).plus(b.remainder);
        const received = p.plus(b.exact);
        expect(paidIn.eq(received)).toBe(true);
      }),
      RUNS,
    );
  });
});
