/** Wire shapes of GET /swx/admin/stats/* (services/platform/src/stats). Money is a decimal string. */

export type CurrencyAmounts = Record<string, string>;

export interface DailyPoint {
  day: string;
  deposits: CurrencyAmounts;
  withdrawals: CurrencyAmounts;
  newUsers: number;
}

export interface DailyStats {
  from: string;
  to: string;
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
  notional: string;
  longNotional: string;
  shortNotional: string;
}

export interface PlanPrincipalLine {
  kind: 'smart' | 'mining';
  currency: string;
  plans: number;
  principal: string;
}

export interface LoanBookLine {
  currency: string;
  loans: number;
  principal: string;
  outstanding: string;
  overdue: number;
  overduePrincipal: string;
}

export interface CurrentStats {
  asOf: string;
  openInterest: OpenInterestLine[];
  plans: PlanPrincipalLine[];
  loans: LoanBookLine[];
}

export interface QueueDepth {
  name: string;
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

export interface QueueStats {
  asOf: string;
  queues: QueueDepth[];
  recentFailed: FailedJob[];
}
