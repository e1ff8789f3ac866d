import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import { AccountKind, LedgerService, SystemAccount, type Leg } from '@app/ledger';
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

  /** Pays every due day of the given plans (each plan in its own transaction). Returns days paid. */
  async settle(ids: string[], now: Date = this.clock.now()): Promise<number> {
    let paid = 0;
    for (const id of ids) paid += await this.settlePlan(id, now);
    return paid;
  }

  private async settlePlan(id: string, now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const [plan]: DuePlan[] = await m.query(
        `SELECT id, kind, user_id, currency, amount, daily_yield, cycle_days, days_paid, started_at
           FROM orders.plans WHERE id = $1 AND status = 'earning' FOR UPDATE`,
        [id],
      );
      if (!plan) return 0;
      const lastDue = Math.min(
        Math.floor((now.getTime() - plan.started_at.getTime()) / DAY_MS),
        plan.cycle_days,
      );
      if (lastDue <= plan.days_paid) return 0;
      const rules = PLAN_KINDS[plan.kind];
      const owner = { type: 'user' as const, id: plan.user_id };
      const daily = new Decimal(plan.amount)
        .times(plan.daily_yield)
        .toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN);
      for (let day = plan.days_paid + 1; day <= lastDue; day++) {
        const dueAt = new Date(plan.started_at.getTime() + day * DAY_MS);
        const inserted: unknown[] = await m.query(
          `INSERT INTO orders.plan_payouts (plan_id, day, amount, paid_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING 1`,
          [id, day, daily.toFixed(), dueAt],
        );
        if (!inserted.length) continue;
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
        if (day === plan.cycle_days) {
          legs.push({
            from: { owner, book: 'real', currency: plan.currency, kind: rules.principalKind },
            to: { owner, book: 'real', currency: plan.currency, kind: AccountKind.Available },
            amount: plan.amount,
          });
        }
        await this.ledger.post(
          {
            key: `plan-yield-${id}-${day}`,
            reason: day === plan.cycle_days ? rules.reasons.redeem : rules.reasons.yield,
            refType: 'plan',
            refId: id,
            legs,
          },
          m,
        );
      }
      await m.query(
        `UPDATE orders.plans
            SET days_paid = $2, earned = earned + $3::numeric * ($2 - days_paid),
                status = CASE WHEN $2 >= cycle_days THEN 'completed' ELSE status END,
                closed_at = CASE WHEN $2 >= cycle_days THEN $4::timestamptz ELSE closed_at END
          WHERE id = $1`,
        [id, lastDue, daily.toFixed(), now],
      );
      return lastDue - plan.days_paid;
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
