import Decimal from 'decimal.js';
// The ledger raises decimal.js' precision for money (libs/ledger/src/decimal-precision.ts).
import '@app/ledger';

/** Money of loans is shown and charged to 8 decimals (the ledger keeps 18). */
export const LOAN_SCALE = 8;
/** The ledger's scale: the exact amounts the house books. */
const LEDGER_SCALE = 18;

export interface LoanInterest {
  /** principal x daily rate % x days, to the ledger's 18 decimals. */
  exact: Decimal;
  /** What the borrower is charged: the exact interest floored to the currency's scale. */
  charged: Decimal;
  /** exact - charged (below the scale): booked to the fee account from the house's rounding account. */
  remainder: Decimal;
}

/**
 * Interest of `days` interest-bearing days. Rounding (docs/reliability.md): what a user pays or
 * receives is floored to the currency's scale; the remainder goes to the house's rounding account,
 * so that the fee account still books the exact interest.
 */
export function loanInterest(
  principal: Decimal.Value,
  dailyRatePercent: Decimal.Value,
  days: number,
): LoanInterest {
  const exact = new Decimal(principal)
    .times(dailyRatePercent)
    .div(100)
    .times(Math.max(0, days))
    .toDecimalPlaces(LEDGER_SCALE, Decimal.ROUND_DOWN);
  const charged = exact.toDecimalPlaces(LOAN_SCALE, Decimal.ROUND_DOWN);
  return { exact, charged, remainder: exact.minus(charged) };
}
