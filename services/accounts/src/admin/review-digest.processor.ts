import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Repository } from 'typeorm';
import { AdminRole } from '@app/common';
import { JobName, QueueName, REDIS_CLIENT, REVIEW_ALERTS_KEY, type ReviewAlert } from '@app/queue';
import { OutboxService } from '../verification/outbox.service';
import { AdminUser } from './entities/admin-user.entity';

const KIND_TITLES: Record<ReviewAlert['kind'], string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  kyc: 'Identity verifications (KYC)',
  advanced_kyc: 'Advanced certifications',
};

/**
 * Claims the waiting alerts for one digest job: moves them to the job's own list unless an earlier
 * attempt of the job already did (then that claim is read again), so a retried job sends what its
 * failed attempt took, and two jobs never take the same item.
 */
const CLAIM_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then
  if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
  redis.call('RENAME', KEYS[1], KEYS[2])
end
return redis.call('LRANGE', KEYS[2], 0, -1)`;

interface DigestJobData {
  /** Reviewers whose e-mail an earlier attempt of this job already stored. */
  sentTo?: string[];
}

/**
 * Tells reviewers what entered the review queues: one e-mail per active reviewer (and super-admin)
 * listing every submission since the last digest. The job's claim of the alerts is dropped only
 * once every e-mail is in the outbox; a failed last attempt gives them back for the next digest.
 */
@Processor(QueueName.Reviews)
export class ReviewDigestProcessor extends WorkerHost {
  private readonly logger = new Logger('ReviewDigest');

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    private readonly outbox: OutboxService,
  ) {
    super();
  }

  async process(job: Job<DigestJobData>): Promise<number> {
    if (job.name !== (JobName.ReviewDigest as string)) return 0;
    const claimKey = `${REVIEW_ALERTS_KEY}:claim:${job.id}`;
    const raw = (await this.redis.eval(CLAIM_SCRIPT, 2, REVIEW_ALERTS_KEY, claimKey)) as string[];
    if (raw.length === 0) return 0;
    try {
      const sent = await this.send(
        job,
        raw.map((r) => JSON.parse(r) as ReviewAlert),
      );
      await this.redis.del(claimKey);
      return sent;
    } catch (error) {
      // The last attempt gives the alerts back, ahead of newer ones, for the next window's digest.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.redis
          .multi()
          .lpush(REVIEW_ALERTS_KEY, ...[...raw].reverse())
          .del(claimKey)
          .exec();
      }
      throw error;
    }
  }

  private async send(job: Job<DigestJobData>, alerts: ReviewAlert[]): Promise<number> {
    const reviewers = (await this.admins.find({ where: { active: true } })).filter((a) =>
      a.roles.some((r) => r === (AdminRole.Reviewer as string) || r === (AdminRole.SuperAdmin as string)),
    );
    const lines: string[] = [];
    for (const kind of Object.keys(KIND_TITLES) as ReviewAlert['kind'][]) {
      const items = alerts.filter((a) => a.kind === kind);
      if (items.length === 0) continue;
      lines.push(`${KIND_TITLES[kind]} waiting: ${items.length}`);
      for (const item of items) lines.push(`  - ${item.summary} (#${item.id}, ${item.at})`);
    }
    const body = `New submissions are waiting for review in the console (/admin):\n\n${lines.join('\n')}\n`;
    const sentTo = new Set(job.data.sentTo ?? []);
    for (const reviewer of reviewers) {
      if (sentTo.has(reviewer.email)) continue;
      await this.outbox.deliver('email', reviewer.email, `${alerts.length} new item(s) to review`, body);
      sentTo.add(reviewer.email);
      await job.updateData({ ...job.data, sentTo: [...sentTo] });
    }
    this.logger.log(`review digest: ${alerts.length} item(s) to ${reviewers.length} reviewer(s)`);
    return alerts.length;
  }
}
