import Decimal from 'decimal.js';
import fc from 'fast-check';
import { dailyIncome, PAYOUT_DECIMALS } from './plan-kinds';

/** Money properties of smart and staking plan income (issue 14, item 3): >= 1,000 runs each. */
const RUNS = { numRuns: Math.max(1000, Number(process.env.FC_RUNS ?? 1000)) };
const ULP = new Decimal(1).div(new Decimal(10).pow(PAYOUT_DECIMALS));
// Principals with up to 18 decimals (as the ledger stores them), daily yields with up to 8.
const principal = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 18 }))
  .map(([n, scale]) => new Decimal(n.toString()).div(new Decimal(10).pow(scale)));
const dailyYield = fc.integer({ min: 1, max: 99_999_999 }).map((n) => new Decimal(n).div(1e8));

describe('plan income rounding (fast-check, >= 1,000 runs each)', () => {
  it('the user gets the exact income floored to the payout scale; the remainder goes to the house', () => {
    fc.assert(
      fc.property(principal, dailyYield, (p, y) => {
        const { exact, paid, remainder } = dailyIncome(p, y);
        expect(paid.decimalPlaces()).toBeLessThanOrEqual(PAYOUT_DECIMALS);
        expect(exact.decimalPlaces()).toBeLessThanOrEqual(18);
        expect(paid.plus(remainder).eq(exact)).toBe(true);
        expect(remainder.gte(0) && remainder.lt(ULP)).toBe(true);
        // Exact to the ledger's scale: never more than the true product, less by under 1e-18.
        const truth = p.times(y);
        expect(exact.lte(truth) && truth.minus(exact).lt('1e-18')).toBe(true);
      }),
      RUNS,
    );
  });

  it('a whole cycle: the yield-expense account pays exactly what the user and the rounding account receive', () => {
    fc.assert(
      fc.property(principal, dailyYield, fc.integer({ min: 1, max: 365 }), (p, y, days) => {
        let expense = new Decimal(0);
        let user = new Decimal(0);
        let rounding = new Decimal(0);
        for (let day = 1; day <= days; day++) {
          const income = dailyIncome(p, y);
          expense = expense.minus(income.exact);
          user = user.plus(income.paid);
          rounding = rounding.plus(income.remainder);
        }
        expect(expense.plus(user).plus(rounding).isZero()).toBe(true);
        // The user never gets more than the true income, and loses less than one unit a day.
        const truth = p.times(y).times(days);
        expect(user.lte(truth)).toBe(true);
        expect(truth.minus(user).lt(ULP.times(days))).toBe(true);
      }),
      RUNS,
    );
  });
});
