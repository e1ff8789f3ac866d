import { spawn } from 'node:child_process';
import path from 'node:path';
import { PlanSettlementService } from '@app/orders';
import { createTestApp, type TestApp } from '../../support/test-app';

const PLANS = 600;

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

    const paidBefore = await t.db.query(
      `SELECT count(*)::int AS n FROM orders.plan_payouts WHERE plan_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(paidBefore[0].n).toBeGreaterThan(0);
    expect(paidBefore[0].n).toBeLessThan(PLANS);

    // The restarted worker settles everything that is due, twice for good measure.
    const settlement = t.app.get(PlanSettlementService);
    await settlement.settle(ids);
    await settlement.settle(ids);

    const payouts = await t.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT plan_id)::int AS plans, max(day) AS last FROM orders.plan_payouts WHERE plan_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(payouts[0]).toEqual({ n: PLANS, plans: PLANS, last: 1 });
    const journals = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger.journal WHERE ref_type = 'plan' AND ref_id = ANY($1::text[])`,
      [ids],
    );
    expect(journals[0].n).toBe(PLANS);
    const state = await t.db.query(
      `SELECT DISTINCT days_paid, earned::text FROM orders.plans WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    expect(state).toEqual([{ days_paid: 1, earned: '1.000000000000000000' }]);
  });
});
