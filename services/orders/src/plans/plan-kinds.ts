import Decimal from 'decimal.js';
import { AccountKind, type LedgerReason } from '@app/ledger';
import type { PlanKind } from './entities/plan.entity';

export const DAY_MS = 24 * 3600 * 1000;
/** Amounts paid to users are floored to this scale; the remainder stays with the house. */
export const PAYOUT_DECIMALS = 8;

/** What differs between smart plans and staking (mining) plans; everything else is shared. */
export const PLAN_KINDS: Record<
  PlanKind,
  { principalKind: string; reasons: { subscribe: LedgerReason; yield: LedgerReason; redeem: LedgerReason } }
> = {
  smart: {
    principalKind: AccountKind.Principal,
    reasons: { subscribe: 'smart_subscribe', yield: 'smart_yield', redeem: 'smart_redeem' },
  },
  mining: {
    principalKind: 'staked',
    reasons: { subscribe: 'mining_subscribe', yield: 'mining_yield', redeem: 'mining_redeem' },
  },
};

export interface DailyIncome {
  /** principal x daily yield, to the ledger's 18 decimals: what the yield-expense account pays. */
  exact: Decimal;
  /** What the user receives: the exact income floored to PAYOUT_DECIMALS. */
  paid: Decimal;
  /** exact - paid (below the scale): goes to the house's rounding account. */
  remainder: Decimal;
}

/**
 * A plan's income for one day. Rounding (docs/reliability.md): what a user receives is floored to
 * the currency's scale; the remainder goes to the house's rounding account, never to the user.
 */
export function dailyIncome(principal: Decimal.Value, dailyYield: Decimal.Value): DailyIncome {
  const exact = new Decimal(principal).times(dailyYield).toDecimalPlaces(18, Decimal.ROUND_DOWN);
  const paid = exact.toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN);
  return { exact, paid, remainder: exact.minus(paid) };
}
