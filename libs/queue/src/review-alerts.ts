import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobName, QueueName } from './queue-names';
import { REDIS_CLIENT } from './redis.module';

export type ReviewKind = 'deposit' | 'withdrawal' | 'kyc' | 'advanced_kyc';

export interface ReviewAlert {
  kind: ReviewKind;
  id: string;
  /** A short line for the reviewers' e-mail, e.g. "120 USDT (TRC20)". */
  summary: string;
  at: string;
}

/** Redis list (under the platform prefix) of submissions not yet told to reviewers. */
export const REVIEW_ALERTS_KEY = 'review-alerts';
/** Reviewers get at most one digest per window, however many submissions arrive. */
export const REVIEW_DIGEST_WINDOW_MS = 60_000;

/**
 * Services call `submitted` when something enters a review queue. The item is queued in Redis and
 * one delayed digest job per window is scheduled (its job id is the window, so repeats collapse);
 * the accounts service's processor e-mails every active reviewer what arrived.
 */
@Injectable()
export class ReviewAlerts {
  private readonly logger = new Logger('ReviewAlerts');

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @InjectQueue(QueueName.Reviews) private readonly queue: Queue,
  ) {}

  /** Never throws: a missed alert must not undo a submission (the console's counters still show it). */
  async submitted(kind: ReviewKind, id: string, summary: string): Promise<void> {
    try {
      await this.enqueue(kind, id, summary);
    } catch (error) {
      this.logger.error(`review alert for ${kind} #${id} not queued: ${(error as Error).message}`);
    }
  }

  private async enqueue(kind: ReviewKind, id: string, summary: string): Promise<void> {
    const now = Date.now();
    const alert: ReviewAlert = { kind, id, summary, at: new Date(now).toISOString() };
    await this.redis.rpush(REVIEW_ALERTS_KEY, JSON.stringify(alert));
    const window = Math.floor(now / REVIEW_DIGEST_WINDOW_MS);
    await this.queue.add(
      JobName.ReviewDigest,
      {},
      { jobId: `review-digest-${window}`, delay: (window + 1) * REVIEW_DIGEST_WINDOW_MS - now },
    );
  }
}

@Global()
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.Reviews })],
  providers: [ReviewAlerts],
  exports: [ReviewAlerts, BullModule],
})
export class ReviewAlertsModule {}
