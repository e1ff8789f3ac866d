import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { PlanSettlementService } from '@app/orders';
import { PlanSettlementScheduler } from '@app/orders/plans/plan-settlement.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { waitForQueuesDrained } from '../../support/queues';
import {
  createPlans,
  DAY_MS,
  freePort,
  planProblems,
  PrivateRedis,
  waitUntil,
} from '../../reliability/faults-support';

/**
 * Faults of issue 14, item 4 (a, b, d). Quick figures here; `npm run test:soak` runs the long ones
 * (SOAK=1: 20 kill runs of 1,000 plans). Runs the built code in child processes (npm test builds).
 */
const SOAK = process.env.SOAK === '1';
const KILL_RUNS = Number(process.env.FAULT_RUNS ?? (SOAK ? 20 : 3));
const PLANS = Number(process.env.FAULT_PLANS ?? 1000);

describe('reliability: settlement under faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 300_000);

  it(`(a) SIGKILL at a random point of a ${PLANS}-plan settlement, ${KILL_RUNS} runs: each plan paid once for the day`, async () => {
    const report: string[] = [];
    // A worker that finishes before its kill point (output arriving in one chunk) is not a kill run:
    // runs go on until KILL_RUNS workers were really killed (at most twice as many runs).
    let killed = 0;
    for (let run = 1; killed < KILL_RUNS && run <= 2 * KILL_RUNS; run++) {
      const ids = await createPlans(t, PLANS, new Date(Date.now() - DAY_MS - 60_000));
      // Kill when the worker has settled a random share of the plans, plus a random few ms (inside
      // a chunk's transaction as often as between two).
      const target = 1 + Math.floor(Math.random() * (PLANS - 1));
      const extraMs = Math.floor(Math.random() * 40);
      const worker = spawn(
        process.execPath,
        [
          path.join(__dirname, '../../reliability/settle-worker.mjs'),
          process.env.TEST_RUN_DATABASE_URL!,
          JSON.stringify(ids),
          '25',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        worker.once('exit', (code, signal) => resolve(signal ?? code)),
      );
      let settledAtKill = 0;
      await new Promise<void>((resolve) => {
        worker.stdout.on('data', (d: Buffer) => {
          output += d.toString();
          const counts = [...output.matchAll(/settled (\d+)\n/g)];
          const settled = counts.length ? Number(counts[counts.length - 1][1]) : 0;
          if (!settledAtKill && settled >= target && !output.includes('finished')) {
            settledAtKill = settled;
            setTimeout(() => {
              worker.kill('SIGKILL');
              resolve();
            }, extraMs);
          }
        });
        void exited.then(() => resolve());
      });
      const ended = await exited;
      if (ended === 'SIGKILL') killed++;
      // A restart: a fresh worker settles whatever Postgres still shows due (restarted again if
      // it fails to start, e.g. when the shared server refuses connections).
      let restartCode: number | null = null;
      let restartErr = '';
      for (let attempt = 1; attempt <= 3 && restartCode !== 0; attempt++) {
        const restarted = spawn(
          process.execPath,
          [
            path.join(__dirname, '../../reliability/settle-worker.mjs'),
            process.env.TEST_RUN_DATABASE_URL!,
            JSON.stringify(ids),
            '100',
          ],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        restarted.stderr.on('data', (d: Buffer) => (restartErr += d.toString()));
        restartCode = await new Promise<number | null>((resolve) =>
          restarted.once('exit', (code) => resolve(code)),
        );
      }
      if (restartCode !== 0) throw new Error(`the restarted worker failed: ${restartErr.slice(-2000)}`);
      expect(await planProblems(t, ids, 1)).toEqual([]);
      report.push(`run ${run}: killed (${String(ended)}) after ${settledAtKill}+ plans (+${extraMs} ms)`);
    }
    process.stderr.write(`[faults a] ${killed} workers killed; ${report.join('; ')}\n`);
    expect(killed).toBe(KILL_RUNS);
  }, 1_800_000);

  describe('(b) Redis lost in the middle of a settlement', () => {
    let redis: PrivateRedis;
    let app: TestApp;
    let client: Redis;
    beforeAll(async () => {
      redis = new PrivateRedis(await freePort());
      await redis.start();
      const shared = process.env.TEST_RUN_REDIS_URL;
      process.env.TEST_RUN_REDIS_URL = redis.url;
      try {
        app = await createTestApp({ MARKET_SOURCES: 'none' });
      } finally {
        process.env.TEST_RUN_REDIS_URL = shared;
      }
      client = new Redis(redis.url, { maxRetriesPerRequest: null, lazyConnect: true });
      client.on('error', () => undefined);
      await client.connect();
    }, 300_000);
    afterAll(async () => {
      client?.disconnect();
      try {
        await app?.close();
      } finally {
        await redis?.stop();
      }
    }, 300_000);

    /**
     * 1,500 due plans = 3 chunk jobs. The plans of the second chunk are locked, so that the first
     * chunk is paid, the second is running (blocked) and the third still waits in Redis when Redis
     * loses everything.
     */
    async function settleThroughLoss(loss: () => Promise<void>): Promise<string[]> {
      const ids = await createPlans(app, 1500, new Date(Date.now() - DAY_MS - 60_000));
      const lock = app.db.createQueryRunner();
      await lock.connect();
      await lock.startTransaction();
      try {
        await lock.query(`SELECT id FROM orders.plans WHERE id = ANY($1::bigint[]) FOR UPDATE`, [
          ids.slice(500, 1000),
        ]);
        const queue = app.app.get<Queue>(getQueueToken(QueueName.PlanSettlement));
        await queue.add(JobName.PlanSettleScan, {}, { jobId: `fault-b-scan-${randomUUID()}` });
        const paid = async () =>
          Number(
            (
              await app.db.query(
                `SELECT count(*)::int AS n FROM orders.plan_payouts WHERE plan_id = ANY($1::bigint[])`,
                [ids],
              )
            )[0].n,
          );
        await waitUntil(async () => (await paid()) >= 500, 60_000, 'the first chunk');
        expect(await paid()).toBeLessThan(1500);
        await loss();
      } finally {
        await lock.rollbackTransaction();
        await lock.release();
      }
      return ids;
    }

    it('FLUSHALL: the schedule is restored and a scan from Postgres pays the rest, nothing twice', async () => {
      const ids = await settleThroughLoss(async () => {
        await client.flushall();
      });
      // Within the schedule check (10 s) every process puts the schedule back and scans at once.
      await waitUntil(async () => (await planProblems(app, ids, 1)).length === 0, 90_000, 'all plans paid');
      expect(await planProblems(app, ids, 1)).toEqual([]);
      expect(await app.app.get(PlanSettlementScheduler).ensureSchedule()).toBe(false); // it is back
    }, 180_000);

    it('SHUTDOWN NOSAVE and a restart of Redis: the same, after the clients reconnect', async () => {
      const ids = await settleThroughLoss(async () => {
        // A one-shot connection: the reply never comes, and a retrying client would send the
        // SHUTDOWN again to the restarted server.
        const once = new Redis(redis.url, { retryStrategy: () => null, maxRetriesPerRequest: 0 });
        once.on('error', () => undefined);
        void once.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
        await redis.exited();
        once.disconnect();
        await redis.start();
      });
      await waitUntil(async () => (await planProblems(app, ids, 1)).length === 0, 120_000, 'all plans paid');
      expect(await planProblems(app, ids, 1)).toEqual([]);
    }, 240_000);
  });

  it('(d) three platform instances with one schedule, the clock moved across three days: one payout per plan and day, one freeze per loan', async () => {
    const prefix = `test-${process.env.TEST_RUN_ID}-sched-${randomBytes(3).toString('hex')}`;
    const apps = [
      await createTestApp({ MARKET_SOURCES: 'none', REDIS_PREFIX: prefix }),
      await createTestApp({ MARKET_SOURCES: 'none', REDIS_PREFIX: prefix }),
      await createTestApp({ MARKET_SOURCES: 'none', REDIS_PREFIX: prefix }),
    ];
    try {
      const base = Date.now();
      const ids = await createPlans(apps[0], 300, new Date(base - 60_000), 3);
      // Loans due in one and a half days, granted from the loan pool as a loan is.
      const [product]: { id: number }[] = await apps[0].db.query(
        `SELECT id FROM loans.loan_products ORDER BY id LIMIT 1`,
      );
      const loans: { id: string; user_id: string }[] = await apps[0].db.query(
        `INSERT INTO loans.loans (user_id, product_id, amount, term_days, daily_rate, interest_free_days, total_interest, due_at, created_at)
         SELECT gen_random_uuid(), $1, 100, 1, 0.05, 0, 0.05, $2::timestamptz, $3::timestamptz FROM generate_series(1, 30)
         RETURNING id::text, user_id::text`,
        [product.id, new Date(base + 1.5 * DAY_MS), new Date(base)],
      );
      const loanIds = loans.map((l) => l.id);
      await apps[0].app.get(LedgerService).postMany(
        loans.map((l) => ({
          key: `loan-grant-${l.id}`,
          reason: 'loan_granted',
          refType: 'loan',
          refId: l.id,
          legs: [
            {
              from: {
                owner: { type: 'system', id: SystemAccount.LoanPool },
                book: 'real',
                currency: 'USDT',
                kind: 'main',
              },
              to: {
                owner: { type: 'user', id: l.user_id },
                book: 'real',
                currency: 'USDT',
                kind: 'available',
              },
              amount: '100',
            },
          ],
        })),
      );
      for (let day = 1; day <= 3; day++) {
        const now = new Date(base + day * DAY_MS + 120_000);
        for (const a of apps) a.app.get(Clock).set(now);
        // Every instance scans at once (as three schedulers firing together would), and each
        // also settles directly: all of them race over the same plans and loans.
        await Promise.all(
          apps.flatMap((a) => [
            a.app.get<Queue>(getQueueToken(QueueName.PlanSettlement)).add(JobName.PlanSettleScan, {}),
            a.app.get<Queue>(getQueueToken(QueueName.Loans)).add(JobName.LoanOverdueSweep, {}),
            a.app.get(PlanSettlementService).settle(ids, now),
          ]),
        );
        for (const a of apps)
          await waitForQueuesDrained(a, [QueueName.PlanSettlement, QueueName.Loans], 60_000);
        // At least `day` days each (other test files' clocks may run further ahead on this shared
        // database), and every paid day paid exactly once.
        expect(await planProblems(apps[0], ids, day)).toEqual([]);
      }
      const frozen: { id: string; status: string; notices: number }[] = await apps[0].db.query(
        `SELECT l.id::text, l.status,
                (SELECT count(*)::int FROM content.notifications n WHERE n.key = 'loan-overdue-' || l.id) AS notices
           FROM loans.loans l WHERE l.id = ANY($1::bigint[])`,
        [loanIds],
      );
      expect(frozen.filter((l) => l.status !== 'expired' || l.notices !== 1)).toEqual([]);
    } finally {
      for (const a of apps) await a.close();
    }
  }, 600_000);
});
