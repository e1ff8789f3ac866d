import type { JobsOptions } from 'bullmq';

/**
 * Every queue and job of the platform in one place, with its payload type, so that a producer and
 * its processor cannot disagree (CONVENTIONS.md, events and queues).
 */
export enum QueueName {
  Maintenance = 'maintenance',
  PlanSettlement = 'plan-settlement',
  Loans = 'loans',
}

export enum JobName {
  PurgeIdempotencyKeys = 'purge-idempotency-keys',
  PlanSettleScan = 'plan-settle-scan',
  PlanSettleChunk = 'plan-settle-chunk',
  LoanOverdueSweep = 'loan-overdue-sweep',
}

export interface JobPayloads {
  [JobName.PurgeIdempotencyKeys]: { olderThanHours: number };
  [JobName.PlanSettleScan]: Record<string, never>;
  /** Plans to settle, and the time they are settled at (so that a retry pays the same days). */
  [JobName.PlanSettleChunk]: { ids: string[]; at: string };
  [JobName.LoanOverdueSweep]: Record<string, never>;
}

/** Attempts with exponential backoff; finished jobs are dropped, failed ones kept for a look. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
