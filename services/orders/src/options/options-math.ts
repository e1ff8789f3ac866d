import Decimal from 'decimal.js';
import type { OptionsDirection, OptionsState } from './entities/options-order.entity';

export const OPTIONS_MONEY_DECIMALS = 8;

/** Up wins above the opening price, down below it; the same price is a draw. */
export function outcomeOf(
  direction: OptionsDirection,
  open: Decimal,
  settle: Decimal,
): Exclude<OptionsState, 'open'> {
  if (settle.eq(open)) return 'draw';
  return settle.gt(open) === (direction === 'up') ? 'won' : 'lost';
}

/** What a win pays on top of the stake: stake x rate, floored. */
export function winningsOf(amount: Decimal, rate: Decimal): Decimal {
  return amount.times(rate).toDecimalPlaces(OPTIONS_MONEY_DECIMALS, Decimal.ROUND_DOWN);
}

/** What returns to the user at settlement: stake + winnings, nothing, or the stake. */
export function payoutOf(state: Exclude<OptionsState, 'open'>, amount: Decimal, rate: Decimal): Decimal {
  if (state === 'won') return amount.plus(winningsOf(amount, rate));
  if (state === 'draw') return amount;
  return new Decimal(0);
}
