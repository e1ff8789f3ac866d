import Decimal from 'decimal.js';
import type { MarketPrices, SystemParameterReader } from '@app/common';

/** The system parameter: withdrawals worth more than this many USDT need two approvals. */
export const DUAL_APPROVAL_PARAMETER = 'withdraw_dual_approval_threshold';
const QUOTE = 'USDT';

/**
 * How many approvals (by different admins) a withdrawal needs: 2 when its amount, valued in USDT
 * at the feed's last price of `<coin>USDT` when it is requested (USDT at 1), is above the threshold
 * parameter; 1 otherwise, or when the parameter is empty or 0 (the rule off). A coin the feed
 * cannot value is treated as above the threshold: never fewer checks than intended.
 */
export async function approvalsRequired(
  coin: string,
  amount: Decimal,
  parameters: SystemParameterReader | undefined,
  prices: MarketPrices | undefined,
): Promise<1 | 2> {
  const raw = (await parameters?.get(DUAL_APPROVAL_PARAMETER))?.trim();
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return 1;
  const threshold = new Decimal(raw);
  if (threshold.lte(0)) return 1;
  if (coin === QUOTE) return amount.gt(threshold) ? 2 : 1;
  try {
    if (!prices) return 2;
    const price = await prices.lastPrice(`${coin}${QUOTE}`);
    return amount.times(price).gt(threshold) ? 2 : 1;
  } catch {
    return 2;
  }
}
