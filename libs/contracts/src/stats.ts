/**
 * Wire shapes of GET /swx/admin/stats/* (services/platform/src/stats), shared with the console's
 * dashboard (web-admin/src/dashboard). Money is a decimal string.
 */

/** Amounts per currency of one day; every currency of the range is present ('0' when nothing). */
export type CurrencyAmounts = Record<string, string>;

export interface DailyPoint {
  day: string;
  /** Approved deposits (recharges), by the day they were approved. */
  deposits: CurrencyAmounts;
  /** Executed (approved) withdrawals: the amount that left, without the fee. */
  withdrawals: CurrencyAmounts;
  newUsers: number;
}

/** GET stats/daily. */
export interface DailyStats {
  from: string;
  to: string;
  /** Every currency that appears in `deposits` / `withdrawals` (the coins of the platform and any seen). */
  currencies: string[];
  series: DailyPoint[];
  totals: { deposits: CurrencyAmounts; withdrawals: CurrencyAmounts; newUsers: number };
}

export interface OpenInterestLine {
  book: 'real' | 'demo';
  code: string;
  currency: string;
  orders: number;
  lots: string;
  margin: string;
  /** Open price x lots x contract size, both directions. */
  notional: string;
  longNotional: string;
  shortNotional: string;
}

export interface PlanPrincipalLine {
  /** smart: smart trading plans; mining: staking (mining) plans. */
  kind: 'smart' | 'mining';
  currency: string;
  plans: number;
  principal: string;
}

export interface LoanBookLine {
  currency: string;
  loans: number;
  principal: string;
  /** Principal plus the interest charged over the term: what the borrowers owe. */
  outstanding: string;
  overdue: number;
  overduePrincipal: string;
}

/** GET stats/current. */
export interface CurrentStats {
  asOf: string;
  openInterest: OpenInterestLine[];
  plans: PlanPrincipalLine[];
  loans: LoanBookLine[];
}

export interface QueueDepth {
  name: string;
  /** Waiting to run, including prioritized jobs. */
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  paused: boolean;
}

export interface FailedJob {
  queue: string;
  id: string;
  name: string;
  reason: string;
  attempts: number;
  failedAt: string | null;
}

/** GET stats/queues. */
export interface QueueStats {
  asOf: string;
  queues: QueueDepth[];
  /** The latest failed jobs over every queue, newest first. */
  recentFailed: FailedJob[];
}
