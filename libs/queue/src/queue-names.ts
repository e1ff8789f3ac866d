import type { JobsOptions } from 'bullmq';

/**
 * Every queue and job of the platform in one place, with its payload type, so that a producer and
 * its processor cannot disagree (CONVENTIONS.md, events and queues).
 */
export enum QueueName {
  Maintenance = 'maintenance',
}

export enum JobName {
  PurgeIdempotencyKeys = 'purge-idempotency-keys',
}

export interface JobPayloads {
  [JobName.PurgeIdempotencyKeys]: { olderThanHours: number };
}

/** Attempts with exponential backoff; finished jobs are dropped, failed ones kept for a look. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
