import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { NotificationInput, NotificationType } from '@app/common';
import { keepScanMark, mayHaveCommittedSince, scanWindow, type ScanMarks } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { NotificationsService } from './notifications.service';

/** Which figure of the journal the notice shows, from the user's side. */
type Measure = 'intoAvailable' | 'leftUser' | 'net';

interface Rule {
  type: NotificationType;
  title: string;
  body: string;
  measure: Measure;
}

/**
 * Ledger journals that users hear about. Every balance change goes through the ledger, so its
 * journal is the event log of the other services: a deposit approved by a reviewer, a loan granted
 * or repaid, a position closed, an option settled, a correction. Not withdrawals: their journals
 * show neither the reviewer's reason nor the payout recorded later (no journal), so the funds service
 * tells each of their states (approved, completed, rejected) in the transaction that reaches it.
 * Nor a rejected deposit: it moves no money (no journal); the funds service tells it with its reason.
 */
export const LEDGER_NOTICES: Readonly<Record<string, Rule>> = {
  deposit: {
    type: 'deposit',
    title: 'message.depositApprovedTitle',
    body: 'message.depositApprovedBody',
    measure: 'intoAvailable',
  },
  loan_granted: {
    type: 'loan',
    title: 'message.loanGrantedTitle',
    body: 'message.loanGrantedBody',
    measure: 'intoAvailable',
  },
  loan_repaid: {
    type: 'loan',
    title: 'message.loanRepaidTitle',
    body: 'message.loanRepaidBody',
    measure: 'leftUser',
  },
  u_order_close: {
    type: 'order',
    title: 'message.positionClosedTitle',
    body: 'message.positionClosedBody',
    measure: 'intoAvailable',
  },
  options_settled: {
    type: 'order',
    title: 'message.optionsSettledTitle',
    body: 'message.optionsSettledBody',
    measure: 'intoAvailable',
  },
  admin_adjustment: {
    type: 'system',
    title: 'message.balanceAdjustedTitle',
    body: 'message.balanceAdjustedBody',
    measure: 'net',
  },
};

const CHUNK = 500;
const MARKS: ScanMarks = { table: 'content.notification_scan_marks', column: 'journal_id' };
const SCAN_EVERY_MS = 15_000;

interface JournalUserRow {
  journal_id: string;
  reason: string;
  ref_type: string | null;
  ref_id: string | null;
  user_id: string;
  book: string;
  currency: string;
  into_available: string;
  net: string;
}

/**
 * Turns new ledger journals into user notifications, as a queued job (a BullMQ job scheduler every
 * 15 s, one schedule for all processes). A notification's key is derived from the journal, so a
 * journal read twice (retry, overlapping window) is told once.
 */
@Injectable()
export class LedgerNotificationsService {
  private readonly logger = new Logger('LedgerNotifications');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  async scan(): Promise<number> {
    // The window starts where the transactions the latest complete scan may not have seen began;
    // inside it, only what that scan may not have seen is read again (scan-horizon.ts).
    const window = await scanWindow(this.dataSource, MARKS, 'journal');
    const { from, lastTop, lastHorizon, top } = window;
    let told = 0;
    /** False when a notice could not be written: the next scans read this window again. */
    let complete = true;
    let after = from;
    for (;;) {
      // Without a horizon (a mark taken before they were kept): the whole window again.
      const journals: { id: string }[] = await this.dataSource.query(
        `SELECT j.id::text FROM ledger.journal j
          WHERE j.id > $1 AND j.id <= $2 AND j.reason = ANY($3::text[])
            AND ($5::xid8 IS NULL OR j.id > $4::bigint OR ${mayHaveCommittedSince('j', '$5')})
          ORDER BY j.id LIMIT ${CHUNK}`,
        [after, top, Object.keys(LEDGER_NOTICES), lastTop ?? '0', lastHorizon],
      );
      if (journals.length === 0) break;
      const rows: JournalUserRow[] = await this.dataSource.query(
        `SELECT j.id::text AS journal_id, j.reason, j.ref_type, j.ref_id, a.owner_id AS user_id, a.book,
                a.currency,
                sum(CASE WHEN a.kind <> 'available' THEN 0
                         WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END)::text AS into_available,
                sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END)::text AS net
           FROM ledger.journal j
           JOIN ledger.transfers t ON t.journal_id = j.id
           JOIN ledger.accounts a ON a.id IN (t.debit_account_id, t.credit_account_id) AND a.owner_type = 'user'
          WHERE j.id = ANY($1::bigint[])
          GROUP BY j.id, j.reason, j.ref_type, j.ref_id, a.owner_id, a.book, a.currency
          ORDER BY j.id`,
        [journals.map((j) => j.id)],
      );
      const inputs = rows.flatMap((row) => {
        const input = this.notice(row);
        return input ? [input] : [];
      });
      try {
        told += await this.notifications.notifyMany(inputs);
      } catch (error) {
        // One row the batch cannot take must not silence the others: each on its own.
        this.logger.warn(`${inputs.length} notices at once: ${(error as Error).message}; one by one`);
        for (const input of inputs) {
          if (await this.tell(input)) told += 1;
          else complete = false;
        }
      }
      after = journals[journals.length - 1].id;
      if (journals.length < CHUNK) break;
    }
    await keepScanMark(this.dataSource, MARKS, window, complete);
    return told;
  }

  /** The notice a journal row gives its user, if its reason is one users hear about. */
  private notice(row: JournalUserRow): NotificationInput | undefined {
    const rule = LEDGER_NOTICES[row.reason];
    if (!rule) return undefined;
    const figure =
      rule.measure === 'intoAvailable'
        ? new Decimal(row.into_available)
        : rule.measure === 'leftUser'
          ? new Decimal(row.net).neg()
          : new Decimal(row.net);
    return {
      userId: row.user_id,
      type: rule.type,
      key: `ledger-${row.journal_id}-${row.user_id}-${row.book}-${row.currency}`,
      title: rule.title,
      body: rule.body,
      params: { amount: figure.toFixed(), currency: row.currency, book: row.book },
      refType: row.ref_type ?? undefined,
      refId: row.ref_id ?? undefined,
    };
  }

  private async tell(input: NotificationInput): Promise<boolean> {
    try {
      await this.notifications.notify(input);
      return true;
    } catch (error) {
      // The others are still told; this one by a next scan, which reads this window again.
      this.logger.warn(`notice ${input.key}: ${(error as Error).message}`);
      return false;
    }
  }
}

@Processor(QueueName.Notifications)
export class LedgerNotificationsProcessor extends WorkerHost {
  constructor(private readonly ledgerNotices: LedgerNotificationsService) {
    super();
  }

  async process(job: Job): Promise<number> {
    if (job.name === (JobName.NotificationScan as string)) return this.ledgerNotices.scan();
    return 0;
  }
}

@Injectable()
export class LedgerNotificationsScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Notifications) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JobName.NotificationScan,
      { every: SCAN_EVERY_MS },
      { name: JobName.NotificationScan },
    );
  }
}
