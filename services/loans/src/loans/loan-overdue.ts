import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import { JobName, QueueName } from '@app/queue';

/**
 * Loans past their repayment date become expired, which freezes the account (no trading, no
 * withdrawals) until they are repaid. A sweep every minute (a job scheduler, so one schedule for
 * all processes); it is idempotent, so a missed run is simply caught up by the next.
 */
@Injectable()
export class LoanOverdueService {
  private readonly logger = new Logger('LoanOverdue');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async sweep(now: Date = this.clock.now()): Promise<number> {
    const rows: { id: string }[] = await this.dataSource.query(
      `UPDATE loans.loans SET status = 'expired' WHERE status = 'repaying' AND due_at <= $1 RETURNING id`,
      [now],
    );
    if (rows.length) this.logger.warn(`${rows.length} loan(s) overdue: accounts frozen`);
    return rows.length;
  }
}

@Processor(QueueName.Loans)
export class LoanOverdueProcessor extends WorkerHost {
  constructor(private readonly overdue: LoanOverdueService) {
    super();
  }

  async process(job: Job): Promise<number> {
    return job.name === (JobName.LoanOverdueSweep as string) ? this.overdue.sweep() : 0;
  }
}

@Injectable()
export class LoanOverdueScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Loans) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JobName.LoanOverdueSweep,
      { every: 60_000 },
      { name: JobName.LoanOverdueSweep },
    );
  }
}
