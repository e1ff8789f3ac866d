import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LedgerService, SystemAccount } from '@app/ledger';
import type { TestApp } from '../support/test-app';

export const DAY_MS = 86_400_000;

/**
 * `count` smart plans of 100 USDT at 1 % a day for `cycleDays` days (1 by default: once paid they are
 * done, so that other test files' settlement scans on this shared database find nothing due), each
 * with its principal in the user's principal account as buying it would have moved it.
 */
export async function createPlans(
  t: TestApp,
  count: number,
  startedAt: Date,
  cycleDays = 1,
): Promise<string[]> {
  const [product]: { id: number }[] = await t.db.query(
    `SELECT id FROM orders.plan_products WHERE kind = 'smart' ORDER BY id LIMIT 1`,
  );
  const rows: { id: string; user_id: string }[] = await t.db.query(
    `INSERT INTO orders.plans (kind, user_id, product_id, currency, amount, cycle_days, daily_yield, started_at, ends_at)
     SELECT 'smart', gen_random_uuid(), $1, 'USDT', 100, $4, 0.01, $3::timestamptz, $3::timestamptz + make_interval(days => $4)
       FROM generate_series(1, $2)
     RETURNING id::text, user_id::text`,
    [product.id, count, startedAt, cycleDays],
  );
  await t.app.get(LedgerService).postMany(
    rows.map((o) => ({
      key: `plan-subscribe-${o.id}`,
      reason: 'smart_subscribe',
      refType: 'plan',
      refId: o.id,
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: o.user_id }, book: 'real', currency: 'USDT', kind: 'principal' },
          amount: '100',
        },
      ],
    })),
  );
  return rows.map((r) => r.id);
}

export interface PlanCheck {
  id: string;
  days_paid: number;
  status: string;
  payouts: number;
  journals: number;
  max_day: number;
  paid: string;
  credited: string;
}

/**
 * What each plan got: its payout rows and journal entries must be one per paid day (plus the
 * subscription), and the user's available balance exactly what the rows say (+ the principal back).
 */
export async function planProblems(t: TestApp, ids: string[], minDays: number): Promise<string[]> {
  const rows: PlanCheck[] = await t.db.query(
    `SELECT p.id::text, p.days_paid, p.status,
            (SELECT count(*)::int FROM orders.plan_payouts o WHERE o.plan_id = p.id) AS payouts,
            (SELECT coalesce(max(day), 0)::int FROM orders.plan_payouts o WHERE o.plan_id = p.id) AS max_day,
            (SELECT count(*)::int FROM ledger.journal j WHERE j.ref_type = 'plan' AND j.ref_id = p.id::text) AS journals,
            (SELECT coalesce(sum(amount), 0)::text FROM orders.plan_payouts o WHERE o.plan_id = p.id) AS paid,
            (SELECT coalesce(sum(a.balance), 0)::text FROM ledger.accounts a
              WHERE a.owner_type = 'user' AND a.owner_id = p.user_id::text AND a.kind = 'available') AS credited
       FROM orders.plans p WHERE p.id = ANY($1::bigint[])`,
    [ids],
  );
  const problems: string[] = [];
  if (rows.length !== ids.length) problems.push(`${ids.length - rows.length} plans are missing`);
  for (const p of rows) {
    const back = p.status === 'completed' ? 100 : 0;
    if (p.days_paid < minDays) problems.push(`plan ${p.id} paid ${p.days_paid} days, expected ${minDays}`);
    if (p.payouts !== p.days_paid || p.max_day !== p.days_paid)
      problems.push(`plan ${p.id}: ${p.payouts} payout rows (max day ${p.max_day}) for ${p.days_paid} days`);
    if (p.journals !== p.days_paid + 1)
      problems.push(`plan ${p.id}: ${p.journals} postings for ${p.days_paid} days`);
    if (Number(p.credited) !== Number(p.paid) + back)
      problems.push(`plan ${p.id}: credited ${p.credited}, payouts say ${p.paid} + ${back}`);
  }
  return problems;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A private redis-server (no persistence) that a test may shut down or flush. */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'swx-redis-'));
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  }

  /** Waits for the server to be gone (after SHUTDOWN NOSAVE). */
  async exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await this.exited();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
