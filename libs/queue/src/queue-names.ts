import type { JobsOptions } from 'bullmq';

/**
 * Every queue and job of the platform in one place, with its payload type, so that a producer and
 * its processor cannot disagree (CONVENTIONS.md, events and queues).
 */
export enum QueueName {
  Maintenance = 'maintenance',
  PlanSettlement = 'plan-settlement',
  Loans = 'loans',
  Reviews = 'reviews',
  /** U order triggers (sweep) and options settlement. */
  Trading = 'trading',
  /** Charity NFT auctions: each closes by its own delayed job, a sweep catches missed ones. */
  Nfts = 'nfts',
  /** Spot sequencers: one queue per pair named `spot-<symbol>`, one job at a time across processes. */
  Spot = 'spot',
  /** Invite programme: inviters' rewards from their invitees' trading fees. */
  Invite = 'invite',
  /** User notifications derived from ledger journals (deposit approved, withdrawal paid, ...). */
  Notifications = 'notifications',
}

export enum JobName {
  PurgeIdempotencyKeys = 'purge-idempotency-keys',
  PlanSettleScan = 'plan-settle-scan',
  PlanSettleChunk = 'plan-settle-chunk',
  LoanOverdueSweep = 'loan-overdue-sweep',
  ReviewDigest = 'review-digest',
  TradingSweep = 'trading-sweep',
  OptionsSettle = 'options-settle',
  LoanDue = 'loan-due',
  NftAuctionClose = 'nft-auction-close',
  NftAuctionSweep = 'nft-auction-sweep',
  SpotOrder = 'spot-order',
  SpotCancel = 'spot-cancel',
  SpotRequote = 'spot-requote',
  InviteRewardScan = 'invite-reward-scan',
  NotificationScan = 'notification-scan',
}

export interface JobPayloads {
  [JobName.PurgeIdempotencyKeys]: { olderThanHours: number };
  [JobName.PlanSettleScan]: Record<string, never>;
  /** Plans to settle, and the time they are settled at (so that a retry pays the same days). */
  [JobName.PlanSettleChunk]: { ids: string[]; at: string };
  [JobName.LoanOverdueSweep]: Record<string, never>;
  /** Tells reviewers what arrived since the last digest (items are queued in Redis). */
  [JobName.ReviewDigest]: Record<string, never>;
  /** Checks every live U order against the current quotes and enqueues overdue options. */
  [JobName.TradingSweep]: Record<string, never>;
  /** Settles one options order at its expiry (job id `options-settle-<orderId>`). */
  [JobName.OptionsSettle]: { orderId: string };
  /** Fires at a loan's repayment date: an unpaid loan becomes overdue. */
  [JobName.LoanDue]: { loanId: string };
  /** Fires at an NFT's end time: awards it to the highest bidder (job id `nft-close-<nftId>`). */
  [JobName.NftAuctionClose]: { nftId: string };
  /** Closes every auction past its end time whose job was lost. */
  [JobName.NftAuctionSweep]: Record<string, never>;
  /** Matches one accepted spot order (job id `spot-order-<orderId>`). */
  [JobName.SpotOrder]: { orderId: string };
  /** Takes one spot order off its book and releases what it still holds. */
  [JobName.SpotCancel]: { orderId: string };
  /** The market maker re-quotes a pair on both books around the feed price. */
  [JobName.SpotRequote]: { symbol: string };
  /** Pays inviters their share of the trading fees their invitees paid since the last scan. */
  [JobName.InviteRewardScan]: Record<string, never>;
  /** Turns new ledger journals (deposit approved, withdrawal paid, ...) into user notifications. */
  [JobName.NotificationScan]: Record<string, never>;
}

/** Attempts with exponential backoff; finished jobs are dropped, failed ones kept for a look. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
