import type { EntityManager } from 'typeorm';

/**
 * System parameters (withdrawal fee rate, early-exit penalty, upload limit, ...) as other services
 * read them. The content service owns and provides them.
 */
export interface SystemParameterReader {
  /** The value, or null when the key is not set. */
  get(key: string): Promise<string | null>;
}

export const SYSTEM_PARAMETERS = Symbol('SYSTEM_PARAMETERS');

/** Something that forbids withdrawals for a user (an open loan); the loans service provides it. */
export interface WithdrawalBlocker {
  /**
   * Given the transaction `m` that freezes or pays out a withdrawal, the answer holds until `m`
   * ends: no loan is granted meanwhile (the loans service takes a per-user lock in `m` that granting
   * takes too). Without it, the answer is only a read of the moment.
   */
  blocksWithdrawals(userId: string, m?: EntityManager): Promise<boolean>;
}

export const WITHDRAWAL_BLOCKER = Symbol('WITHDRAWAL_BLOCKER');

/** Whether a user may trade or subscribe now (an overdue loan freezes the account); loans provides it. */
export interface TradingRestriction {
  isFrozen(userId: string): Promise<boolean>;
}

export const TRADING_RESTRICTION = Symbol('TRADING_RESTRICTION');

/** Verification a user has passed: none, identity (KYC) or advanced certification on top of it. */
export type KycTier = 'none' | 'kyc' | 'advanced';

/** Reads a user's verification tier (caps such as the highest leverage follow it); loans provides it. */
export interface KycTierReader {
  tierOf(userId: string): Promise<KycTier>;
}

export const KYC_TIER = Symbol('KYC_TIER');
