import { spawn } from 'node:child_process';
import path from 'node:path';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PlanSettlementService } from '@app/orders';
import { createTestApp, type TestApp } from '../../support/test-app';

const PLANS = 600;
// Each plan's principal is 100 at 1% a day: 1 per day paid.

/**
 * The settlement worker is killed with SIGKILL in the middle of a day for many plans; after a
 * restart every plan is paid for that day exactly once, and the ledger still balances (the audit
 * after this file). Runs the built code in a child process (npm test builds first).
 */
describe('plan settlement survives SIGKILL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays each plan once for the day after a crash and a restart', async () => {
    const [product] = await t.db.query(
      `SELECT id FROM orders.plan_products WHERE kind = 'smart' ORDER BY id LIMIT 1`,
    );
    // Plans that started a day and a minute ago: day 1 is due for each of them.
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO orders.plans (kind, user_id, product_id, currency, amount, cycle_days, daily_yield, started_at, ends_at)
       SELECT 'smart', gen_random_uuid(), $1, 'USDT', 100, 7, 0.01, now() - interval '1 day 1 minute', now() + interval '6 days'
         FROM generate_series(1, $2)
       RETURNING id`,
      [product.id, PLANS],
    );
    const ids = rows.map((r) => String(r.id));
    // Their principal, as buying them would have moved it (so that any settler can also close them).
    const owners: { id: string; user_id: string }[] = await t.db.query(
      `SELECT id::text, user_id::text FROM orders.plans WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    await t.app.get(LedgerService).postMany(
      owners.map((o) => ({
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

    const child = spawn(
      process.execPath,
      [
        path.join(__dirname, '../../support/settle-child.mjs'),
        process.env.TEST_RUN_DATABASE_URL!,
        JSON.stringify(ids),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        // Kill it once it is well into the day's work.
        if (/settled (100|150|200)\b/.test(output)) resolve();
      });
      void exited.then(() => reject(new Error(`child ended early: ${output} ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Other test files' workers share this database and may settle these plans too (their clocks
    // run ahead): what must hold is that whoever paid, each day was paid exactly once.
    const settlement = t.app.get(PlanSettlementService);
    await settlement.settle(ids);
    await settlement.settle(ids);

    const perPlan: {
      id: string;
      days_paid: number;
      status: string;
      payouts: number;
      journals: number;
      paid: string;
      credited: string;
    }[] = await t.db.query(
      `SELECT p.id::text, p.days_paid, p.status,
                (SELECT count(*)::int FROM orders.plan_payouts o WHERE o.plan_id = p.id) AS payouts,
                (SELECT count(*)::int FROM ledger.journal j WHERE j.ref_type = 'plan' AND j.ref_id = p.id::text) AS journals,
                (SELECT coalesce(sum(amount), 0)::text FROM orders.plan_payouts o WHERE o.plan_id = p.id) AS paid,
                (SELECT coalesce(sum(a.balance), 0)::text FROM ledger.accounts a
                  WHERE a.owner_type = 'user' AND a.owner_id = p.user_id::text AND a.kind = 'available') AS credited
           FROM orders.plans p WHERE p.id = ANY($1::bigint[])`,
      [ids],
    );
    expect(perPlan).toHaveLength(PLANS);
    for (const plan of perPlan) {
      expect(plan.days_paid).toBeGreaterThanOrEqual(1);
      expect(plan.payouts).toBe(plan.days_paid);
      expect(plan.journals).toBe(plan.days_paid + 1); // + the subscription
      const principalBack = plan.status === 'completed' ? 100 : 0;
      expect(Number(plan.credited)).toBe(Number(plan.paid) + principalBack);
    }
  });
});
