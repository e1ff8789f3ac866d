import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock, NOTIFICATIONS, type Notifications } from '@app/common';
import { JobName, QueueName, type JobPayloads } from '@app/queue';

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
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  async sweep(now: Date = this.clock.now()): Promise<number> {
    const rows = await this.dataSource.transaction(async (m) => {
      const rows: OverdueRow[] = await m.query(
        `WITH expired AS (UPDATE loans.loans SET status = 'expired' WHERE status = 'repaying' AND due_at <= $1
           ${RETURNING}) SELECT * FROM expired`,
        [now],
      );
      await this.tell(m, rows);
      return rows;
    });
    if (rows.length) this.logger.warn(`${rows.length} loan(s) overdue: accounts frozen`);
    return rows.length;
  }

  /** The due-time job of one loan: overdue if still unpaid at its repayment date (idempotent). */
  async expireOne(loanId: string, now: Date = this.clock.now()): Promise<boolean> {
    const rows = await this.dataSource.transaction(async (m) => {
      const rows: OverdueRow[] = await m.query(
        `WITH expired AS (UPDATE loans.loans SET status = 'expired'
            WHERE id = $1 AND status = 'repaying' AND due_at <= $2 ${RETURNING}) SELECT * FROM expired`,
        [loanId, now],
      );
      await this.tell(m, rows);
      return rows;
    });
    if (rows.length) this.logger.warn(`loan #${loanId} overdue: account frozen`);
    return rows.length > 0;
  }

  /** The borrower hears of it (the bell, live on their socket) when the expiry commits. */
  private async tell(m: EntityManager, rows: OverdueRow[]): Promise<void> {
    for (const r of rows) {
      await this.notifications?.notify(
        {
          userId: r.user_id,
          type: 'loan',
          key: `loan-overdue-${r.id}`,
          title: 'message.loanOverdueTitle',
          body: 'message.loanOverdueBody',
          params: { amount: r.amount, currency: r.currency, due: r.due_at.toISOString().slice(0, 10) },
          refType: 'loan',
          refId: r.id,
        },
        m,
      );
    }
  }
}

interface OverdueRow {
  id: string;
  user_id: string;
  amount: string;
  currency: string;
  due_at: Date;
}

/** A CTE around the UPDATE: its rows come back as a plain list (not [rows, count]). */
const RETURNING = `RETURNING id::text, user_id, trim_scale(amount)::text AS amount, currency, due_at`;

@Processor(QueueName.Loans)
export class LoanOverdueProcessor extends WorkerHost {
  constructor(private readonly overdue: LoanOverdueService) {
    super();
  }

  async process(job: Job): Promise<number> {
    if (job.name === (JobName.LoanOverdueSweep as string)) return this.overdue.sweep();
    if (job.name === (JobName.LoanDue as string))
      return (await this.overdue.expireOne((job.data as JobPayloads[JobName.LoanDue]).loanId)) ? 1 : 0;
    return 0;
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
