/**
 * The parameters customers may read through getParamByKey. A whitelist in code, not a flag in the
 * table, so that an admin edit can never publish an internal setting.
 */
export const PUBLIC_PARAMETER_KEYS: ReadonlySet<string> = new Set([
  'down_url',
  'support_url',
  'withdraw_fee_rate',
  'withdraw_min_USDT',
  'withdraw_min_BTC',
  'withdraw_min_ETH',
  'deposit_min_USDT',
  'deposit_min_BTC',
  'deposit_min_ETH',
  'loan_interest_free_days',
  'loan_daily_rate',
  'loan_cap_ratio',
  'loan_cap_ratio_kyc',
  'loan_cap_ratio_advanced',
  'smart_early_exit_penalty',
  'upload_max_mb',
  'fee_rate_u_order',
  'invite_reward_rate',
]);
