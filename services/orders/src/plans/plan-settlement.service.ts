import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import { AccountKind, LedgerService, SystemAccount } from '@app/ledger';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import { DAY_MS, PAYOUT_DECIMALS, PLAN_KINDS } from './plan-kinds';

/** Plans per chunk job (one transaction each). */
export const SETTLEMENT_CHUNK = 500;

/**
 * One statement per chunk, whose legs (SETTLE_LEGS) LedgerService.postFromQuery posts in it: lock
 * the chunk's earning plans in id order, compute each one's due days and income, advance the plans,
 * insert the payout rows, and return the ledger legs of the rows inserted now. The income is
 * dailyIncome() (plan-kinds.ts) in NUMERIC: principal x daily yield floored to the ledger's 18
 * decimals (`exact`), then floored to the payout scale $3 (`paid`): `paid` goes to the user's
 * available account, `exact - paid` to the rounding account, both from the yield-expense account,
 * and the last day returns the principal. The unique (plan, day) key skips a day already paid, so
 * it can never be paid twice. $1 ids, $2 now, $3 payout decimals, $4-$7 per plan kind (kind, yield
 * reason, redeem reason, principal account kind), $8 yield expense, $9 rounding account.
 */
const SETTLE_WITH = `
  due AS (
    SELECT p.id, p.kind, p.user_id, p.currency, p.amount, p.cycle_days, p.days_paid, p.started_at,
           least(floor((extract(epoch FROM $2::timestamptz) - extract(epoch FROM p.started_at)) / ${DAY_MS / 1000})::int,
                 p.cycle_days) AS last_due,
           trunc(p.amount * p.daily_yield, 18) AS exact
      FROM orders.plans p
     WHERE p.id = ANY($1::bigint[]) AND p.status = 'earning'
     ORDER BY p.id
       FOR UPDATE
  ), todo AS (
    SELECT d.*, trunc(d.exact, $3::int) AS paid FROM due d WHERE d.last_due > d.days_paid
  ), advanced AS (
    -- \`p.id = ANY\` keeps the update on the primary key (a join alone hashes every plan).
    UPDATE orders.plans p
       SET days_paid = t.last_due,
           earned = p.earned + t.paid * (t.last_due - p.days_paid),
           status = CASE WHEN t.last_due >= p.cycle_days THEN 'completed' ELSE p.status END,
           closed_at = CASE WHEN t.last_due >= p.cycle_days THEN $2::timestamptz ELSE p.closed_at END
      FROM todo t
     WHERE p.id = t.id AND p.id = ANY($1::bigint[])
  ), inserted AS (
    INSERT INTO orders.plan_payouts (plan_id, day, amount, paid_at)
    SELECT t.id, g.day, t.paid, t.started_at + make_interval(secs => g.day * ${DAY_MS / 1000})
      FROM todo t CROSS JOIN LATERAL generate_series(t.days_paid + 1, t.last_due) AS g(day)
    ON CONFLICT DO NOTHING
    RETURNING plan_id, day
  ), kinds AS (
    SELECT * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) AS k(kind, yield, redeem, principal)
  )`;

/** The ledger legs of the payout rows SETTLE_WITH inserted now. */
const SETTLE_LEGS = `
  SELECT 'plan-yield-' || i.plan_id || '-' || i.day AS key,
         CASE WHEN i.day = t.cycle_days THEN k.redeem ELSE k.yield END AS reason,
         'plan' AS ref_type, i.plan_id::text AS ref_id, 'real' AS book, t.currency,
         l.amount, l.from_type, l.from_id, l.from_kind, l.to_type, l.to_id, l.to_kind
    FROM inserted i
    JOIN todo t ON t.id = i.plan_id
    JOIN kinds k ON k.kind = t.kind
   CROSS JOIN LATERAL (VALUES
     (nullif(t.paid, 0), 'system', $8::text, 'main', 'user', t.user_id::text, '${AccountKind.Available}'),
     (nullif(t.exact - t.paid, 0), 'system', $8::text, 'main', 'system', $9::text, 'main'),
     (CASE WHEN i.day = t.cycle_days THEN t.amount END,
      'user', t.user_id::text, k.principal, 'user', t.user_id::text, '${AccountKind.Available}')
   ) AS l(amount, from_type, from_id, from_kind, to_type, to_id, to_kind)
   WHERE l.amount IS NOT NULL`;

/** The per-kind parameters of SETTLE_WITH ($4-$7). */
const KIND_COLUMNS = (() => {
  const kinds = Object.entries(PLAN_KINDS);
  return [
    kinds.map(([kind]) => kind),
    kinds.map(([, rules]) => rules.reasons.yield),
    kinds.map(([, rules]) => rules.reasons.redeem),
    kinds.map(([, rules]) => rules.principalKind),
  ];
})();

/**
 * Daily income of smart and staking plans. Every plan earns principal x daily yield once per day at
 * its anniversary time, from the yield-expense account; after the last day the principal returns.
 * The payout row (unique per plan and day) commits with its ledger posting, so a retry, a second
 * worker or a lost Redis never pays a day twice, and a worker that was down pays every missed day.
 */
@Injectable()
export class PlanSettlementService {
  private readonly logger = new Logger('PlanSettlement');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** Ids of plans with at least one day due at `now`, in chunks (one job each). */
  async dueChunks(now: Date): Promise<string[][]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM orders.plans
        WHERE status = 'earning' AND started_at + make_interval(days => days_paid + 1) <= $1
        ORDER BY id`,
      [now],
    );
    const chunks: string[][] = [];
    for (let i = 0; i < rows.length; i += SETTLEMENT_CHUNK)
      chunks.push(rows.slice(i, i + SETTLEMENT_CHUNK).map((r) => String(r.id)));
    return chunks;
  }

  /**
   * Pays every due day of the given plans in one statement: payout rows in bulk, their ledger
   * postings in one batch, the plans updated in bulk. Returns the number of days paid (each day's
   * journal entry; a day with no income and no principal to return has none).
   */
  async settle(ids: string[], now: Date = this.clock.now()): Promise<number> {
    if (ids.length === 0) return 0;
    try {
      return await this.settleBatch(ids, now);
    } catch (error) {
      if (ids.length === 1) throw error;
      // One plan that cannot be settled must not hold up the others: settle them one by one.
      let paid = 0;
      for (const id of ids) {
        try {
          paid += await this.settleBatch([id], now);
        } catch (single) {
          this.logger.error(`plan ${id} could not be settled: ${String(single)}`);
        }
      }
      return paid;
    }
  }

  /** One chunk in one statement (plans, payouts and their ledger postings): days paid now. */
  private async settleBatch(ids: string[], now: Date): Promise<number> {
    const { posted } = await this.ledger.postFromQuery({
      name: 'plan_settle',
      with: SETTLE_WITH,
      select: SETTLE_LEGS,
      values: [
        ids,
        now,
        PAYOUT_DECIMALS,
        ...KIND_COLUMNS,
        SystemAccount.YieldExpense,
        SystemAccount.Rounding,
      ],
    });
    return posted;
  }
}

@Processor(QueueName.PlanSettlement)
export class PlanSettlementProcessor extends WorkerHost {
  constructor(
    private readonly settlement: PlanSettlementService,
    @InjectQueue(QueueName.PlanSettlement) private readonly queue: Queue,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job): Promise<number> {
    if (job.name === (JobName.PlanSettleScan as string)) {
      // The scan fans the due plans out as chunk jobs; their ids are deterministic per minute.
      const now = this.clock.now();
      const chunks = await this.settlement.dueChunks(now);
      const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
      await this.queue.addBulk(
        chunks.map((ids) => ({
          name: JobName.PlanSettleChunk,
          data: { ids, at: now.toISOString() } satisfies JobPayloads[JobName.PlanSettleChunk],
          opts: { jobId: `plan-yield-${ids[0]}-${stamp}` },
        })),
      );
      return chunks.length;
    }
    const data = job.data as JobPayloads[JobName.PlanSettleChunk];
    return this.settlement.settle(data.ids, new Date(data.at));
  }
}

/** How often each process checks that Redis still holds the settlement schedule. */
const SCHEDULE_CHECK_MS = 10_000;

@Injectable()
export class PlanSettlementScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PlanSettlementScheduler');
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectQueue(QueueName.PlanSettlement) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // Every minute: plans earn at their own anniversary time, and missed days are caught up.
    await this.queue.upsertJobScheduler(
      JobName.PlanSettleScan,
      { every: 60_000 },
      { name: JobName.PlanSettleScan },
    );
    this.timer = setInterval(() => void this.ensureSchedule(), SCHEDULE_CHECK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * Redis may lose everything (FLUSHALL, a restart without a save): the schedule and the queued
   * chunks with it. Postgres still knows which plans are due, so the schedule is put back and a scan
   * runs at once; the payout rows make sure that nothing is paid twice.
   */
  async ensureSchedule(): Promise<boolean> {
    try {
      if (await this.queue.getJobScheduler(JobName.PlanSettleScan)) return false;
      await this.queue.upsertJobScheduler(
        JobName.PlanSettleScan,
        { every: 60_000 },
        { name: JobName.PlanSettleScan },
      );
      await this.queue.add(JobName.PlanSettleScan, {}, { jobId: `plan-scan-recover-${Date.now()}` });
      this.logger.warn('the settlement schedule was missing from Redis: restored, scanning now');
      return true;
    } catch (error) {
      this.logger.warn(`settlement schedule check: ${(error as Error).message}`);
      return false;
    }
  }
}
