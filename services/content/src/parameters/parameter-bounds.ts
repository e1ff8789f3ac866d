import Decimal from 'decimal.js';

/** The range a parameter's value must lie in (both ends included unless said otherwise). */
export interface ParameterBounds {
  min: string;
  max?: string;
  /** The value must be above min (e.g. a minimum deposit of 0 would accept nothing). */
  minExclusive?: boolean;
  /** The value must be below max. */
  maxExclusive?: boolean;
}

/**
 * What each money parameter may hold beyond its kind's format, so that a slip in the console (a 0
 * that stops trading, a 50 typed for 0.5) is refused instead of taking effect at once. Percent
 * parameters hold percents. Keys are matched by pattern: the coins' minimums are one row per coin.
 */
const BOUNDS: [RegExp, ParameterBounds][] = [
  // Issue #4: the U order fee is a rate below 0.3%.
  [/^fee_rate_u_order$/, { min: '0', max: '0.3', maxExclusive: true }],
  [/^(exchange_fee_rate|withdraw_fee_rate)$/, { min: '0', max: '10' }],
  [/^market_maker_spread$/, { min: '0', max: '10', minExclusive: true }],
  [/^loan_daily_rate$/, { min: '0', max: '5' }],
  [/^smart_early_exit_penalty$/, { min: '0', max: '100' }],
  [/^u_order_maintenance_margin$/, { min: '0', max: '100', maxExclusive: true }],
  [/^(deposit_min|withdraw_min)_/, { min: '0', minExclusive: true }],
  [/^u_leverage_max/, { min: '1', max: '1000' }],
  [/^upload_max_mb$/, { min: '1', max: '20' }],
  [/^exchange_quote_seconds$/, { min: '5', max: '300' }],
  [/^loan_interest_free_days$/, { min: '0', max: '365' }],
  [/^loan_cap_ratio/, { min: '0', max: '1', minExclusive: true }],
  [/^invite_reward_rate$/, { min: '0', max: '1' }],
];

/**
 * Parameters that switch a control off (0 = no second approval) are a super-admin's to change: an
 * operator alone must not be able to lift the two-person rule that guards against one admin.
 */
const SUPER_ADMIN_KEYS = new Set(['withdraw_dual_approval_threshold']);

export function needsSuperAdmin(key: string): boolean {
  return SUPER_ADMIN_KEYS.has(key);
}

export function boundsOf(key: string): ParameterBounds | undefined {
  return BOUNDS.find(([pattern]) => pattern.test(key))?.[1];
}

export function withinBounds(value: string, bounds: ParameterBounds): boolean {
  const v = new Decimal(value);
  if (bounds.minExclusive ? v.lte(bounds.min) : v.lt(bounds.min)) return false;
  if (bounds.max !== undefined && (bounds.maxExclusive ? v.gte(bounds.max) : v.gt(bounds.max))) return false;
  return true;
}
