import { add, cmp, dec, div, mul, sub, toPlain, type Dec } from '../../shared/decimal';
import type { DepthLevel } from './api/spot-api';

const ZERO = dec('0');
const POSITIVE = /^\d{1,20}(\.\d{1,18})?$/;

/** A positive decimal as the API accepts it (no sign, no exponent, at most 18 places). */
export function isAmount(text: string): boolean {
  return POSITIVE.test(text.trim()) && cmp(dec(text.trim()), ZERO) > 0;
}

/** Whether `value` is a whole multiple of `step` (a price on the tick grid, a quantity in lots). */
export function onGrid(value: string, step: string): boolean {
  const v = dec(value);
  const s = dec(step);
  if (s.units === 0n) return false;
  const scale = Math.max(v.scale, s.scale);
  const vu = v.units * 10n ** BigInt(scale - v.scale);
  const su = s.units * 10n ** BigInt(scale - s.scale);
  return vu % su === 0n;
}

/** The largest multiple of `step` not above `value` (value >= 0). */
export function floorTo(value: Dec, step: string): Dec {
  const s = dec(step);
  if (s.units === 0n || value.units <= 0n) return { units: 0n, scale: s.scale };
  const scale = Math.max(value.scale, s.scale);
  const vu = value.units * 10n ** BigInt(scale - value.scale);
  const su = s.units * 10n ** BigInt(scale - s.scale);
  return { units: (vu / su) * su, scale };
}

/** Decimal places of a step ("0.01" -> 2), to show prices and quantities on the pair's grid. */
export function placesOf(step: string): number {
  const frac = step.split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length;
}

export const plain = (value: Dec, places = 18) => toPlain(value, places);

/** Each level with the running sum of quantities from the best price outwards. */
export function withCumulative(levels: DepthLevel[]): { price: string; quantity: string; total: Dec }[] {
  let total = ZERO;
  return levels.map(([price, quantity]) => {
    total = add(total, dec(quantity));
    return { price, quantity, total };
  });
}

/**
 * What a market order would get from the book as it is now: a buy spends `budget` quote coins
 * against the asks, a sell sells `quantity` into the bids. An estimate only; the sequencer fills it.
 */
export function walkBook(
  levels: DepthLevel[],
  side: 'buy' | 'sell',
  amount: Dec,
): { quantity: Dec; quote: Dec; exhausted: boolean } {
  let quantity = ZERO;
  let quote = ZERO;
  let left = amount;
  for (const [p, q] of levels) {
    if (cmp(left, ZERO) <= 0) break;
    const price = dec(p);
    const size = dec(q);
    if (side === 'buy') {
      const cost = mul(price, size);
      if (cmp(cost, left) <= 0) {
        quantity = add(quantity, size);
        quote = add(quote, cost);
        left = sub(left, cost);
      } else {
        const part = div(left, price, 18);
        quantity = add(quantity, part);
        quote = add(quote, left);
        left = ZERO;
      }
    } else {
      const take = cmp(size, left) <= 0 ? size : left;
      quantity = add(quantity, take);
      quote = add(quote, mul(price, take));
      left = sub(left, take);
    }
  }
  return { quantity, quote, exhausted: cmp(left, ZERO) > 0 };
}

/** Percent of a decimal: value x pct / 100. */
export const percentOf = (value: Dec, pct: number) => div(mul(value, dec(String(pct))), dec('100'), 18);
