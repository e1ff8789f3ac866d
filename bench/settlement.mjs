// bench/settlement: N active plans settled for one day by the settlement code in chunks of 500
// (the chunk jobs of the queue, run with the workers' concurrency), beside a plain multi-row INSERT
// of the same ledger rows (journal + transfer per plan) on the same Postgres as the reference.
import { randomUUID } from 'node:crypto';
import { benchInfrastructure, freshDatabase, requireDist, table, writeResult } from './support.mjs';

const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_WORKERS ?? 4);

const { DataSource } = requireDist('typeorm');
const { buildDataSourceOptions, runMigrations } = requireDist('./libs/database/src/index.js');
const { LEDGER_MIGRATIONS, LedgerService } = requireDist('./libs/ledger/src/index.js');
const { ORDERS_MIGRATIONS, PlanSettlementService } = requireDist('./services/orders/src/index.js');
const { Clock } = requireDist('./libs/common/src/index.js');

const infra = await benchInfrastructure();
try {
  const url = await freshDatabase(infra.databaseUrl, 'bench_settlement');
  await runMigrations(url, [...LEDGER_MIGRATIONS, ...ORDERS_MIGRATIONS]);
  const dataSource = new DataSource(buildDataSourceOptions(url, [], CONCURRENCY + 2));
  await dataSource.initialize();

  console.error(`creating ${PLANS} plans that are one day old`);
  await dataSource.query(
    `INSERT INTO orders.plans (kind, user_id, product_id, currency, amount, cycle_days, daily_yield, started_at, ends_at)
     SELECT 'smart', gen_random_uuid(), 1, 'USDT', 1000, 30, 0.012, now() - interval '1 day 1 minute', now() + interval '29 days'
       FROM generate_series(1, $1)`,
    [PLANS],
  );
  // The users already have their available accounts (they bought the plans with that money).
  await dataSource.query(
    `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind)
     SELECT 'user', user_id::text, 'real', 'USDT', 'available' FROM orders.plans`,
  );
  await dataSource.query('ANALYZE');

  const settlement = new PlanSettlementService(dataSource, new LedgerService(dataSource), new Clock());
  const started = process.hrtime.bigint();
  const chunks = await settlement.dueChunks(new Date());
  let next = 0;
  let paid = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        const days = await settlement.settle(chunk);
        paid += days;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const again = await settlement.settle(chunks[0]);
  const violations = await new LedgerService(dataSource).invariantViolations();

  // Reference: the same rows (one journal entry and one transfer per plan) by plain multi-row INSERTs.
  await dataSource.query(`CREATE TABLE ref_journal (LIKE ledger.journal INCLUDING ALL)`);
  await dataSource.query(`CREATE TABLE ref_transfers (LIKE ledger.transfers INCLUDING ALL)`);
  const refStarted = process.hrtime.bigint();
  const batch = 500;
  let refNext = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (refNext < PLANS) {
        const from = refNext;
        refNext += batch;
        const n = Math.min(batch, PLANS - from);
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        await runner.startTransaction();
        const keys = Array.from({ length: n }, () => randomUUID());
        const values = keys.map((_, i) => `($${i * 2 + 1}, 'smart_yield', 'plan', $${i * 2 + 2})`).join(',');
        const ids = await runner.query(
          `INSERT INTO ref_journal (idempotency_key, reason, ref_type, ref_id) VALUES ${values} RETURNING id`,
          keys.flatMap((k, i) => [k, String(from + i)]),
        );
        const tv = ids
          .map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`)
          .join(',');
        await runner.query(
          `INSERT INTO ref_transfers (journal_id, debit_account_id, credit_account_id, amount) VALUES ${tv}`,
          ids.flatMap((r, i) => [r.id, 1, 2 + ((from + i) % 1000), '12']),
        );
        await runner.commitTransaction();
        await runner.release();
      }
    }),
  );
  const refSeconds = Number(process.hrtime.bigint() - refStarted) / 1e9;
  await dataSource.destroy();

  const rows = [
    {
      run: 'settlement (payouts + ledger + plans)',
      items: PLANS,
      seconds: seconds.toFixed(1),
      per_second: Math.round(PLANS / seconds),
    },
    {
      run: 'reference: multi-row INSERT of the ledger rows',
      items: PLANS,
      seconds: refSeconds.toFixed(1),
      per_second: Math.round(PLANS / refSeconds),
    },
  ];
  console.log(
    `\nbench/settlement: ${PLANS} plans, one day, chunks of 500, ${CONCURRENCY} concurrent chunk jobs, same Postgres`,
  );
  table(rows);
  console.log(
    `days paid: ${paid}; a second run of a chunk paid ${again}; ledger invariant violations: ${violations.length}`,
  );
  console.log(
    `goal: one day for 100,000 plans in under 60 s (${seconds.toFixed(1)} s); rate vs reference ${(rows[0].per_second / rows[1].per_second).toFixed(2)}x (goal >= 0.5x)`,
  );
  writeResult('settlement', {
    plans: PLANS,
    workers: CONCURRENCY,
    seconds,
    paid,
    replayPaid: again,
    invariantViolations: violations.length,
    results: rows,
  });
} finally {
  await infra.stop();
}
