import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import { AccountKind, LedgerService, SystemAccount, type JournalEntry, type Leg } from '@app/ledger';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import type { PlanKind } from './entities/plan.entity';
import { DAY_MS, PAYOUT_DECIMALS, PLAN_KINDS } from './plan-kinds';

const CHUNK = 500;

interface DuePlan {
  id: string;
  kind: PlanKind;
  user_id: string;
  currency: string;
  amount: string;
  daily_yield: string;
  cycle_days: number;
  days_paid: number;
  started_at: Date;
}

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
    for (let i = 0; i < rows.length; i += CHUNK)
      chunks.push(rows.slice(i, i + CHUNK).map((r) => String(r.id)));
    return chunks;
  }

  /**
   * Pays every due day of the given plans in one transaction: payout rows in bulk, their ledger
   * postings in one batch, the plans updated in bulk. Returns the number of days paid.
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

  private async settleBatch(ids: string[], now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const plans: DuePlan[] = await m.query(
        `SELECT id, kind, user_id, currency, amount, daily_yield, cycle_days, days_paid, started_at
           FROM orders.plans WHERE id = ANY($1::bigint[]) AND status = 'earning' ORDER BY id FOR UPDATE`,
        [ids],
      );
      const payoutPlan: string[] = [];
      const payoutDay: number[] = [];
      const payoutAmount: string[] = [];
      const payoutAt: Date[] = [];
      const byId = new Map<string, { plan: DuePlan; daily: Decimal; lastDue: number }>();
      for (const plan of plans) {
        const lastDue = Math.min(
          Math.floor((now.getTime() - plan.started_at.getTime()) / DAY_MS),
          plan.cycle_days,
        );
        if (lastDue <= plan.days_paid) continue;
        const daily = new Decimal(plan.amount)
          .times(plan.daily_yield)
          .toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN);
        byId.set(String(plan.id), { plan, daily, lastDue });
        for (let day = plan.days_paid + 1; day <= lastDue; day++) {
          payoutPlan.push(String(plan.id));
          payoutDay.push(day);
          payoutAmount.push(daily.toFixed());
          payoutAt.push(new Date(plan.started_at.getTime() + day * DAY_MS));
        }
      }
      if (byId.size === 0) return 0;
      // The unique (plan, day) key: a day already paid is skipped, never paid twice.
      const inserted: { plan_id: string; day: number }[] = await m.query(
        `INSERT INTO orders.plan_payouts (plan_id, day, amount, paid_at)
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::numeric[], $4::timestamptz[])
         ON CONFLICT DO NOTHING RETURNING plan_id, day`,
        [payoutPlan, payoutDay, payoutAmount, payoutAt],
      );
      const entries: JournalEntry[] = [];
      for (const row of inserted) {
        const { plan, daily } = byId.get(String(row.plan_id))!;
        const rules = PLAN_KINDS[plan.kind];
        const owner = { type: 'user' as const, id: plan.user_id };
        const legs: Leg[] = [];
        if (daily.gt(0)) {
          legs.push({
            from: {
              owner: { type: 'system', id: SystemAccount.YieldExpense },
              book: 'real',
              currency: plan.currency,
              kind: 'main',
            },
            to: { owner, book: 'real', currency: plan.currency, kind: AccountKind.Available },
            amount: daily,
          });
        }
        if (row.day === plan.cycle_days) {
          legs.push({
            from: { owner, book: 'real', currency: plan.currency, kind: rules.principalKind },
            to: { owner, book: 'real', currency: plan.currency, kind: AccountKind.Available },
            amount: plan.amount,
          });
        }
        if (legs.length) {
          entries.push({
            key: `plan-yield-${plan.id}-${row.day}`,
            reason: row.day === plan.cycle_days ? rules.reasons.redeem : rules.reasons.yield,
            refType: 'plan',
            refId: String(plan.id),
            legs,
          });
        }
      }
      await this.ledger.postMany(entries, m);
      const settled = [...byId.values()];
      await m.query(
        `UPDATE orders.plans p
            SET days_paid = u.last_due,
                earned = p.earned + u.daily * (u.last_due - p.days_paid),
                status = CASE WHEN u.last_due >= p.cycle_days THEN 'completed' ELSE p.status END,
                closed_at = CASE WHEN u.last_due >= p.cycle_days THEN $4::timestamptz ELSE p.closed_at END
           FROM unnest($1::bigint[], $2::int[], $3::numeric[]) AS u(id, last_due, daily)
          WHERE p.id = u.id`,
        [
          settled.map((x) => String(x.plan.id)),
          settled.map((x) => x.lastDue),
          settled.map((x) => x.daily.toFixed()),
          now,
        ],
      );
      return inserted.length;
    });
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

@Injectable()
export class PlanSettlementScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.PlanSettlement) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // Every minute: plans earn at their own anniversary time, and missed days are caught up.
    await this.queue.upsertJobScheduler(
      JobName.PlanSettleScan,
      { every: 60_000 },
      { name: JobName.PlanSettleScan },
    );
  }
}
