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
 * Tells reviewers what entered the review queues: one e-mail per active reviewer (and super-admin)
 * listing every submission since the last digest. Items are taken from Redis atomically, so two
 * workers never send the same item twice.
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

  async process(job: Job): Promise<number> {
    if (job.name !== (JobName.ReviewDigest as string)) return 0;
    const [[, raw]] = (await this.redis
      .multi()
      .lrange(REVIEW_ALERTS_KEY, 0, -1)
      .del(REVIEW_ALERTS_KEY)
      .exec()) as [[Error | null, string[]], [Error | null, number]];
    const alerts = raw.map((r) => JSON.parse(r) as ReviewAlert);
    if (alerts.length === 0) return 0;

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
    for (const reviewer of reviewers) {
      await this.outbox.deliver('email', reviewer.email, `${alerts.length} new item(s) to review`, body);
    }
    this.logger.log(`review digest: ${alerts.length} item(s) to ${reviewers.length} reviewer(s)`);
    return alerts.length;
  }
}
