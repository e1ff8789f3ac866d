import { AccountKind } from '@app/ledger';
import type { PlanKind } from './entities/plan.entity';

export const DAY_MS = 24 * 3600 * 1000;
/** Amounts paid to users are floored to this scale; the remainder stays with the house. */
export const PAYOUT_DECIMALS = 8;

/** What differs between smart plans and staking (mining) plans; everything else is shared. */
export const PLAN_KINDS: Record<
  PlanKind,
  { principalKind: string; reasons: { subscribe: string; yield: string; redeem: string } }
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
