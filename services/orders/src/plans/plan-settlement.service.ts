import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import {
  AccountKind,
  LedgerService,
  LegWithoutAccountError,
  SystemAccount,
  type AccountRef,
} from '@app/ledger';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import type { PlanKind } from './entities/plan.entity';
import { DAY_MS, PAYOUT_DECIMALS, PLAN_KINDS } from './plan-kinds';

/** Plans per chunk job (one transaction each). */
export const SETTLEMENT_CHUNK = 500;
/** Chunks per page of the scan (dueChunks). */
const SCAN_PAGE_CHUNKS = 10;

/**
 * One statement per chunk, whose journal entries and legs LedgerService.postFromQuery posts in it:
 * lock the chunk's earning plans in id order, compute each one's due days and income, advance the
 * plans, insert the payout rows, and post one journal entry per plan and day paid now. The income
 * is dailyIncome() (plan-kinds.ts) in NUMERIC: principal x daily yield floored to the ledger's 18
 * decimals (`exact`), then floored to the payout scale $3 (`paid`): `paid` goes to the user's
 * available account, `exact - paid` to the rounding account, both from the yield-expense account,
 * and the last day returns the principal. The payout rows are unique per plan and day and the plan
 * rows hold the days paid, both in this statement: a day paid before is never due again, and a
 * payout row or journal key that exists all the same refuses the chunk rather than pay twice.
 * $1 ids, $2 now, $3 payout decimals, $4-$6 per plan kind (kind, yield reason, redeem reason), $7-$9
 * per currency (currency, yield-expense and rounding account ids).
 * Accounts are paid by id: the plan keeps its user's two, the system ones come as parameters.
 */
const SETTLE_WITH = `
  due AS (
    SELECT p.id, p.kind, p.user_id, p.currency, p.amount, p.cycle_days, p.days_paid, p.started_at,
           p.available_account_id, p.principal_account_id,
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
    -- One probe of the primary key per plan due (postFromQuery runs a generic plan, where the CTE
    -- counts as a few rows).
    UPDATE orders.plans p
       SET days_paid = t.last_due,
           earned = p.earned + t.paid * (t.last_due - p.days_paid),
           status = CASE WHEN t.last_due >= p.cycle_days THEN 'completed' ELSE p.status END,
           closed_at = CASE WHEN t.last_due >= p.cycle_days THEN $2::timestamptz ELSE p.closed_at END
      FROM todo t
     WHERE p.id = t.id
  ), payouts AS (
    INSERT INTO orders.plan_payouts (plan_id, day, amount, paid_at)
    SELECT t.id, g.day, t.paid, t.started_at + make_interval(secs => g.day * ${DAY_MS / 1000})
      FROM todo t CROSS JOIN LATERAL generate_series(t.days_paid + 1, t.last_due) AS g(day)
  ), days AS (
    -- The days paid now, each with its journal entry's key and reason and the accounts of its legs.
    SELECT t.id, g.day, 'plan-yield-' || t.id || '-' || g.day AS key,
           CASE WHEN g.day = t.cycle_days THEN k.redeem ELSE k.yield END AS reason,
           t.amount, t.cycle_days, t.exact, t.paid, t.available_account_id, t.principal_account_id,
           s.yield_expense, s.rounding
      FROM todo t
     CROSS JOIN LATERAL generate_series(t.days_paid + 1, t.last_due) AS g(day)
      JOIN unnest($4::text[], $5::text[], $6::text[]) AS k(kind, yield, redeem) ON k.kind = t.kind
      LEFT JOIN unnest($7::text[], $8::bigint[], $9::bigint[]) AS s(currency, yield_expense, rounding)
           ON s.currency = t.currency
  )`;

/** One journal entry per plan and day paid now that moves money. */
const SETTLE_ENTRIES = `
  SELECT d.key, d.reason, 'plan' AS ref_type, d.id::text AS ref_id
    FROM days d
   WHERE d.paid > 0 OR d.exact > d.paid OR d.day = d.cycle_days`;

/** The legs of those entries, by account id (an id missing here refuses the statement). */
const SETTLE_LEGS = `
  SELECT d.key, l.amount, l.debit, l.credit
    FROM days d
   CROSS JOIN LATERAL (VALUES
     (nullif(d.paid, 0), d.yield_expense, d.available_account_id),
     (nullif(d.exact - d.paid, 0), d.yield_expense, d.rounding),
     (CASE WHEN d.day = d.cycle_days THEN d.amount END, d.principal_account_id, d.available_account_id)
   ) AS l(amount, debit, credit)
   WHERE l.amount IS NOT NULL`;

/** The per-kind parameters of SETTLE_WITH ($4-$6). */
const KIND_COLUMNS = (() => {
  const kinds = Object.entries(PLAN_KINDS);
  return [
    kinds.map(([kind]) => kind),
    kinds.map(([, rules]) => rules.reasons.yield),
    kinds.map(([, rules]) => rules.reasons.redeem),
  ];
})();

/** A system account's main account on the real book. */
const systemRef = (id: SystemAccount, currency: string): AccountRef => ({
  owner: { type: 'system', id },
  book: 'real',
  currency,
  kind: AccountKind.Main,
});

/**
 * Daily income of smart and staking plans. Every plan earns principal x daily yield once per day at
 * its anniversary time, from the yield-expense account; after the last day the principal returns.
 * The payout row (unique per plan and day) commits with its ledger posting, so a retry, a second
 * worker or a lost Redis never pays a day twice, and a worker that was down pays every missed day.
 */
@Injectable()
export class PlanSettlementService {
  private readonly logger = new Logger('PlanSettlement');
  /** The currencies of the plan products, read once (see systemColumns). */
  private currencies: string[] | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /**
   * Ids of plans with at least one day due at `now`, in chunks (one job each), a page of
   * SCAN_PAGE_CHUNKS chunks at a time (keyset on the id): the first chunks can be queued and settled
   * while the rest are read, and a scan of millions of plans never holds all their ids at once.
   * A day is 86,400 s here as in the settlement's statement: a calendar day (`days =>`) follows the
   * session's time zone, and across a daylight-saving change the scan would be an hour off.
   */
  async *dueChunks(now: Date): AsyncGenerator<string[][]> {
    let after = '0';
    for (;;) {
      const rows: { id: string }[] = await this.dataSource.query(
        `SELECT id FROM orders.plans
          WHERE status = 'earning' AND started_at + make_interval(secs => (days_paid + 1) * ${DAY_MS / 1000}) <= $1
            AND id > $2
          ORDER BY id LIMIT $3`,
        [now, after, SCAN_PAGE_CHUNKS * SETTLEMENT_CHUNK],
      );
      const chunks: string[][] = [];
      for (let i = 0; i < rows.length; i += SETTLEMENT_CHUNK)
        chunks.push(rows.slice(i, i + SETTLEMENT_CHUNK).map((r) => String(r.id)));
      if (chunks.length > 0) yield chunks;
      if (rows.length < SCAN_PAGE_CHUNKS * SETTLEMENT_CHUNK) return;
      after = String(rows[rows.length - 1].id);
    }
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
    const run = async (system: unknown[]) =>
      (
        await this.ledger.postFromQuery({
          name: 'plan_settle',
          with: SETTLE_WITH,
          entries: SETTLE_ENTRIES,
          legs: SETTLE_LEGS,
          values: [ids, now, PAYOUT_DECIMALS, ...KIND_COLUMNS, ...system],
        })
      ).posted;
    try {
      return await run(await this.systemColumns());
    } catch (error) {
      if (!(error instanceof LegWithoutAccountError)) throw error;
      // A plan without its account ids, or a currency that no product had when they were read.
      return run(await this.systemColumns(await this.fillAccountIds(ids)));
    }
  }

  /**
   * $7-$9 of SETTLE_WITH: per currency of the plan products (and `extra`), the ids of the
   * yield-expense account (one of its shards, chosen per chunk as every posting does, so that chunks
   * settled at once do not queue on one row) and of the rounding account. Ids are cached by the
   * ledger; the currencies are read once.
   */
  private async systemColumns(extra: string[] = []): Promise<unknown[]> {
    if (!this.currencies || extra.some((c) => !this.currencies?.includes(c))) {
      const rows: { currency: string }[] = await this.dataSource.query(
        `SELECT DISTINCT currency FROM orders.plan_products`,
      );
      this.currencies = [...new Set([...rows.map((r) => r.currency), ...extra])].sort();
    }
    const currencies = this.currencies;
    const ids = await this.ledger.accountIdsOf(
      currencies.flatMap((currency) => [
        systemRef(SystemAccount.YieldExpense, currency),
        systemRef(SystemAccount.Rounding, currency),
      ]),
    );
    return [currencies, currencies.map((_, i) => ids[2 * i]), currencies.map((_, i) => ids[2 * i + 1])];
  }

  /**
   * Keeps the ids of their two accounts on the chunk's plans that have none (bought before plans kept
   * them, or written by hand), finding or creating the accounts; answers the chunk's currencies.
   */
  private async fillAccountIds(ids: string[]): Promise<string[]> {
    const plans: { id: string; user_id: string; currency: string; kind: PlanKind }[] =
      await this.dataSource.query(
        `SELECT id, user_id, currency, kind FROM orders.plans
          WHERE id = ANY($1::bigint[]) AND (available_account_id IS NULL OR principal_account_id IS NULL)`,
        [ids],
      );
    if (plans.length > 0) {
      const accounts = await this.ledger.accountIdsOf(
        plans.flatMap((plan): AccountRef[] => {
          const owner = { type: 'user' as const, id: plan.user_id };
          return [
            { owner, book: 'real', currency: plan.currency, kind: AccountKind.Available },
            { owner, book: 'real', currency: plan.currency, kind: PLAN_KINDS[plan.kind].principalKind },
          ];
        }),
      );
      await this.dataSource.query(
        `UPDATE orders.plans p SET available_account_id = u.available, principal_account_id = u.principal
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u(id, available, principal)
          WHERE p.id = u.id`,
        [
          plans.map((p) => p.id),
          plans.map((_, i) => accounts[2 * i]),
          plans.map((_, i) => accounts[2 * i + 1]),
        ],
      );
    }
    const rows: { currency: string }[] = await this.dataSource.query(
      `SELECT DISTINCT currency FROM orders.plans WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return rows.map((r) => r.currency);
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
      const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
      let queued = 0;
      for await (const chunks of this.settlement.dueChunks(now)) {
        await this.queue.addBulk(
          chunks.map((ids) => ({
            name: JobName.PlanSettleChunk,
            data: { ids, at: now.toISOString() } satisfies JobPayloads[JobName.PlanSettleChunk],
            opts: { jobId: `plan-yield-${ids[0]}-${stamp}` },
          })),
        );
        queued += chunks.length;
      }
      return queued;
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
