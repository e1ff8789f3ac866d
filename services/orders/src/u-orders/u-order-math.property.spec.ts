import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  closeSide,
  liquidationPrice,
  marginFor,
  MONEY_DECIMALS,
  profitOf,
  quoteAround,
  settle,
  triggered,
  type Direction,
} from './u-order-math';

/**
 * Money properties of positions (issue 14, item 3): at least 1,000 runs each (FC_RUNS to change).
 * Figures as the platform has them: prices up to 100,000 with 0-5 decimals, lots 0.01-100,
 * contract sizes 0.01-100,000, leverage 1-500, maintenance 0-90 %.
 */
const RUNS = { numRuns: Math.max(1000, Number(process.env.FC_RUNS ?? 1000)) };
const d = (v: string | number) => new Decimal(v);
const ULP = d(1).div(d(10).pow(MONEY_DECIMALS));

const precision = fc.integer({ min: 0, max: 5 });
const priceAt = (p: number) =>
  fc.integer({ min: 1, max: 100_000 * 10 ** p }).map((n) => d(n).div(d(10).pow(p)));
const direction = fc.constantFrom<Direction>('buy', 'sell');
const lots = fc.integer({ min: 1, max: 10_000 }).map((n) => d(n).div(100));
const contractSize = fc.constantFrom(d('0.01'), d(1), d(10), d(100), d(1000), d(100_000));
const leverage = fc.constantFrom(1, 2, 5, 10, 20, 50, 100, 200, 500);
const maintenance = fc.integer({ min: 0, max: 90 }).map((n) => d(n));

describe('U positions: money properties (fast-check, >= 1,000 runs each)', () => {
  it('PnL is exact to the scale and never in the user`s favour; long and short mirror', () => {
    fc.assert(
      fc.property(
        precision.chain((p) => fc.tuple(priceAt(p), priceAt(p))),
        lots,
        contractSize,
        ([open, close], l, c) => {
          const exact = close.minus(open).times(l).times(c);
          const long = profitOf('buy', open, close, l, c);
          const short = profitOf('sell', open, close, l, c);
          expect(long.decimalPlaces()).toBeLessThanOrEqual(MONEY_DECIMALS);
          expect(long.lte(exact) && exact.minus(long).lt(ULP)).toBe(true);
          expect(short.lte(exact.neg()) && exact.neg().minus(short).lt(ULP)).toBe(true);
          // Together a long and a short never make money out of nothing.
          expect(long.plus(short).lte(0)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('a close conserves money: margin = back to the user + kept by the house - paid by the house', () => {
    fc.assert(
      fc.property(
        direction,
        precision.chain((p) => fc.tuple(priceAt(p), priceAt(p))),
        lots,
        contractSize,
        leverage,
        (dir, [open, close], l, c, lev) => {
          const margin = marginFor(open, l, c, lev);
          const pnl = profitOf(dir, open, close, l, c);
          const r = settle(margin, pnl);
          expect(r.toUser.plus(r.toHouse).minus(r.fromHouse).eq(margin)).toBe(true);
          expect(r.toUser.gte(0) && r.toHouse.gte(0) && r.fromHouse.gte(0)).toBe(true);
          expect(r.toHouse.lte(margin)).toBe(true);
          // The user never loses more than the margin; a shortfall is the house's (insurance).
          expect(r.profit.gte(margin.neg())).toBe(true);
          expect(r.profit.eq(Decimal.max(pnl, margin.neg()))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('liquidation: at its price the equity is still at least the maintenance share; beyond it, a tick liquidates', () => {
    fc.assert(
      fc.property(
        direction,
        precision.chain((p) => fc.tuple(fc.constant(p), priceAt(p))),
        lots,
        contractSize,
        leverage,
        maintenance,
        (dir, [p, open], l, c, lev, m) => {
          const margin = marginFor(open, l, c, lev);
          const liq = liquidationPrice(dir, open, margin, l, c, m, p);
          if (liq === null) {
            // Only a long whose margin covers a fall to zero has none: it can never be liquidated.
            expect(dir).toBe('buy');
            expect(margin.times(d(100).minus(m)).div(100).gte(open.times(l).times(c))).toBe(true);
            return;
          }
          expect(liq.decimalPlaces()).toBeLessThanOrEqual(p);
          // Rounded towards the open price: it triggers no later than the exact level.
          const equityAt = margin.plus(profitOf(dir, open, liq, l, c));
          const floor = margin.times(m).div(100);
          expect(equityAt.plus(ULP).gte(floor)).toBe(true);
          // Closed at the liquidation price, the user never owes more than the margin.
          expect(settle(margin, profitOf(dir, open, liq, l, c)).toUser.gte(0)).toBe(true);
          // A quote whose close side is at the level fires the liquidation (no SL/TP set).
          const tick = d(1).div(d(10).pow(p));
          const spread = tick.times(2);
          const quote =
            dir === 'buy' ? { bid: liq, ask: liq.plus(spread) } : { bid: liq.minus(spread), ask: liq };
          expect(closeSide(dir, quote).eq(liq)).toBe(true);
          const live = { direction: dir, stopLoss: null, takeProfit: null, liquidationPrice: liq };
          expect(triggered(live, quote)).toEqual({ reason: 'liquidation', price: liq });
          // One tick on the safe side of the level does not.
          const safe = dir === 'buy' ? liq.plus(tick) : liq.minus(tick);
          if (safe.gt(0)) {
            const q2 =
              dir === 'buy' ? { bid: safe, ask: safe.plus(spread) } : { bid: safe.minus(spread), ask: safe };
            expect(triggered(live, q2)).toBeNull();
          }
        },
      ),
      RUNS,
    );
  });

  it('quotes never cross: bid <= price <= ask, and a round trip at once costs the spread', () => {
    fc.assert(
      fc.property(
        precision.chain((p) => fc.tuple(fc.constant(p), priceAt(p), fc.integer({ min: 0, max: 1000 }))),
        direction,
        lots,
        contractSize,
        ([p, price, spreadTicks], dir, l, c) => {
          const spread = d(spreadTicks).div(d(10).pow(p));
          const q = quoteAround(price, spread, p);
          expect(q.bid.lte(price) && price.lte(q.ask)).toBe(true);
          const open = dir === 'buy' ? q.ask : q.bid;
          expect(profitOf(dir, open, closeSide(dir, q), l, c).lte(0)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
