import type Decimal from 'decimal.js';

export type LedgerBook = 'real' | 'demo';

/** Accounts of the house. They may go negative (they are the other side of every user balance). */
export enum SystemAccount {
  /** The outside world: deposits come from it, withdrawals go to it. */
  External = 'external',
  /** Source of the virtual money of demo books. */
  DemoFaucet = 'demo_faucet',
  Fees = 'fees',
  YieldExpense = 'yield_expense',
  CharityPool = 'charity_pool',
  LoanPool = 'loan_pool',
  /** Audited manual corrections by super-admins. */
  Adjustments = 'adjustments',
  /** Rounding remainders (amounts are floored to a currency's scale). */
  Rounding = 'rounding',
  /** The house's side of U orders and options: pays users' profits, keeps their losses. */
  TradingPnl = 'trading_pnl',
  /** Covers what a liquidated position lost beyond its margin (the user never owes more). */
  Insurance = 'insurance',
  /** The house's side of currency exchanges (user/dh): takes one coin, gives the other. */
  Exchange = 'exchange',
  /** The house's market maker on the spot books: the coins it buys and sells (it may go negative). */
  MarketMaker = 'market_maker',
}

/** Kinds of user account; services add theirs here so that names stay in one place. */
export enum AccountKind {
  Available = 'available',
  Frozen = 'frozen',
  Margin = 'margin',
  /** Stakes of open options orders, until they are settled. */
  OptionsStake = 'options_stake',
  Principal = 'principal',
  Main = 'main',
}

export type AccountOwner = { type: 'user'; id: string } | { type: 'system'; id: SystemAccount };

export interface AccountRef {
  owner: AccountOwner;
  book: LedgerBook;
  currency: string;
  kind: AccountKind | string;
}

/** Where demo USDT comes from: registration's grant and the profile's top-up. */
export const DEMO_FAUCET_USDT: AccountRef = {
  owner: { type: 'system', id: SystemAccount.DemoFaucet },
  book: 'demo',
  currency: 'USDT',
  kind: 'main',
};

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  amount: Decimal | string;
}

export interface JournalEntry {
  /** Unique per business effect (e.g. `demo-grant-<userId>`); a repeat moves nothing. */
  key: string;
  /** One of REASON_GROUPS' reasons, so that the user's funding details can name and filter it. */
  reason: LedgerReason;
  refType?: string;
  refId?: string;
  legs: Leg[];
}

export interface PostResult {
  journalId: string;
  /** True when the key had been posted before: nothing moved this time. */
  replayed: boolean;
}

export interface BalanceLine {
  currency: string;
  kind: string;
  balance: Decimal;
}

export interface StatementLine {
  transferId: string;
  journalId: string;
  currency: string;
  kind: string;
  /** Signed from the user's side: negative when money left this account. */
  amount: string;
  reason: string;
  refType: string | null;
  refId: string | null;
  at: string;
}

/** The reasons services post with, grouped as the funding-details screen filters them. */
export const REASON_GROUPS = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected'],
  trade: [
    'spot_order_hold',
    'spot_order_release',
    'spot_trade',
    'u_order_open',
    'u_order_close',
    'options_order',
    'options_settled',
  ],
  yield: [
    'smart_subscribe',
    'smart_yield',
    'smart_redeem',
    'mining_subscribe',
    'mining_yield',
    'mining_redeem',
  ],
  loan: ['loan_granted', 'loan_repaid'],
  nft: ['nft_purchase', 'nft_bid_hold', 'nft_bid_release'],
  exchange: ['exchange'],
  // Rewards the platform pays a user: the invite programme's share of invitees' trading fees.
  reward: ['invite_reward'],
  demo: ['demo_grant', 'demo_topup'],
  adjustment: ['admin_adjustment'],
} as const;

export type ReasonGroup = keyof typeof REASON_GROUPS;
export type LedgerReason = (typeof REASON_GROUPS)[ReasonGroup][number];
