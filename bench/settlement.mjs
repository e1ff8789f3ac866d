// bench/settlement: N active plans settled for one day by the queue workers: the settlement
// processor of the orders service on a real BullMQ queue (a scan job fans the due plans out as
// chunk jobs, which BENCH_WORKERS workers settle at once), on a real Postgres and Redis.
// Beside it, as the reference, plain multi-row INSERTs of the same ledger rows on the same Postgres.
import { cpus, loadavg } from 'node:os';
import { benchInfrastructure, freshDatabase, requireDist, table, writeResult } from './support.mjs';

const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);

const { DataSource } = requireDist('typeorm');
const { Queue, Worker } = requireDist('bullmq');
const { buildDataSourceOptions, runMigrations } = requireDist('./libs/database/src/index.js');
const { LEDGER_MIGRATIONS, LedgerService } = requireDist('./libs/ledger/src/index.js');
const { ORDERS_MIGRATIONS } = requireDist('./services/orders/src/index.js');
const { PlanSettlementService, PlanSettlementProcessor, SETTLEMENT_CHUNK } = requireDist(
  './services/orders/src/plans/plan-settlement.service.js',
);
const { Clock } = requireDist('./libs/common/src/index.js');
const { JobName, QueueName, bullConnection } = requireDist('./libs/queue/src/index.js');

// Queue workers: a BullMQ worker running the service's processor with this concurrency, i.e. as
// many chunk jobs at once as that many orders processes (each runs the processor one job at a time).
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const REFERENCE =
  'plain multi-row INSERTs of the same ledger rows: per plan one ledger.journal row (same key, ' +
  'reason and reference as the settlement) and one ledger.transfers row (copies of both tables ' +
  'with their columns, defaults and indexes, without foreign keys or triggers), ' +
  `${SETTLEMENT_CHUNK} plans per transaction, ${WORKERS} connections at once; ` +
  'no account balance UPDATE, no payout rows, no plan UPDATE';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const infra = await benchInfrastructure();
try {
  const url = await freshDatabase(infra.databaseUrl, 'bench_settlement');
  await runMigrations(url, [...LEDGER_MIGRATIONS, ...ORDERS_MIGRATIONS]);
  const dataSource = new DataSource(buildDataSourceOptions(url, [], WORKERS + 4));
  await dataSource.initialize();

  console.error(`creating ${PLANS} plans that are one day old`);
  // The users already have their accounts: they bought the plans with money from their available
  // account, which moved to the plan's principal account; each plan keeps both ids, as buying does.
  await dataSource.query(
    `WITH users AS (SELECT g, gen_random_uuid() AS user_id FROM generate_series(1, $1) AS g),
          accounts AS (
            INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind)
            SELECT 'user', u.user_id::text, 'real', 'USDT', k.kind
              FROM users u, (VALUES ('available'), ('principal')) AS k(kind)
            RETURNING id, owner_id, kind)
     INSERT INTO orders.plans (kind, user_id, product_id, currency, amount, cycle_days, daily_yield, started_at, ends_at,
                               available_account_id, principal_account_id)
     SELECT 'smart', u.user_id, 1, 'USDT', 1000, 30, 0.012, now() - interval '1 day 1 minute', now() + interval '29 days',
            av.id, pr.id
       FROM users u
       JOIN accounts av ON av.owner_id = u.user_id::text AND av.kind = 'available'
       JOIN accounts pr ON pr.owner_id = u.user_id::text AND pr.kind = 'principal'
      ORDER BY u.g`,
    [PLANS],
  );
  await dataSource.query('ANALYZE');

  // The queue workers: the service's processor on a BullMQ worker with its concurrency.
  const clock = new Clock();
  const ledger = new LedgerService(dataSource);
  const settlement = new PlanSettlementService(dataSource, ledger, clock);
  const connection = bullConnection(infra.redisUrl);
  const prefix = `bench-settlement-${Date.now()}`;
  const queue = new Queue(QueueName.PlanSettlement, { connection, prefix });
  const processor = new PlanSettlementProcessor(settlement, queue, clock);
  let chunks = -1;
  let settled = 0;
  let paid = 0;
  let firstChunk;
  let failure;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const worker = new Worker(QueueName.PlanSettlement, (job) => processor.process(job), {
    connection,
    prefix,
    concurrency: WORKERS,
  });
  worker.on('completed', (job, result) => {
    if (job.name === JobName.PlanSettleScan) chunks = result;
    else {
      settled++;
      paid += result;
      firstChunk ??= job.data;
    }
    if (chunks >= 0 && settled >= chunks) finish();
  });
  worker.on('failed', (job, error) => {
    failure = `${job?.name} ${job?.id}: ${error.message}`;
    finish();
  });
  await worker.waitUntilReady();

  const loadBefore = load();
  const started = process.hrtime.bigint();
  await queue.add(JobName.PlanSettleScan, {}, { jobId: `bench-scan-${Date.now()}` });
  await finished;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const loadDuring = load();
  if (failure) throw new Error(`a settlement job failed: ${failure}`);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();

  // The same chunk again (a retried job) pays nothing.
  const again = await settlement.settle(firstChunk.ids, new Date(firstChunk.at));
  const violations = await ledger.invariantViolations();
  const [{ payouts, journals }] = await dataSource.query(
    `SELECT (SELECT count(*)::int FROM orders.plan_payouts) AS payouts,
            (SELECT count(*)::int FROM ledger.journal WHERE ref_type = 'plan') AS journals`,
  );

  // Reference: the same ledger rows by plain multi-row INSERTs, same chunk size and concurrency:
  // each plan's key and reference, a transfer from a shard of the yield-expense account (one per
  // chunk, as the settlement picks) to the plan's own available account, the same amount.
  const planRows = await dataSource.query(
    `SELECT id::text, available_account_id::text AS credit FROM orders.plans ORDER BY id`,
  );
  const yieldShards = (
    await dataSource.query(
      `SELECT id::text FROM ledger.accounts
        WHERE owner_type = 'system' AND owner_id = 'yield_expense' AND book = 'real' AND currency = 'USDT'
        ORDER BY shard`,
    )
  ).map((r) => r.id);
  if (yieldShards.length === 0) throw new Error('the settlement left no yield-expense account');
  await dataSource.query(`CREATE TABLE ref_journal (LIKE ledger.journal INCLUDING ALL)`);
  await dataSource.query(`CREATE TABLE ref_transfers (LIKE ledger.transfers INCLUDING ALL)`);
  const refStarted = process.hrtime.bigint();
  let refNext = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (refNext < PLANS) {
        const from = refNext;
        refNext += SETTLEMENT_CHUNK;
        const n = Math.min(SETTLEMENT_CHUNK, PLANS - from);
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        await runner.startTransaction();
        // The settlement's own keys and references (plan-yield-<plan>-<day>, ref_id = the plan).
        const chunk = planRows.slice(from, from + n);
        const plans = chunk.map((r) => r.id);
        const debit = yieldShards[(from / SETTLEMENT_CHUNK) % yieldShards.length];
        const values = plans.map((_, i) => `($${i * 2 + 1}, 'smart_yield', 'plan', $${i * 2 + 2})`).join(',');
        const ids = await runner.query(
          `INSERT INTO ref_journal (idempotency_key, reason, ref_type, ref_id) VALUES ${values} RETURNING id`,
          plans.flatMap((plan) => [`plan-yield-${plan}-1`, plan]),
        );
        const tv = ids
          .map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`)
          .join(',');
        await runner.query(
          `INSERT INTO ref_transfers (journal_id, debit_account_id, credit_account_id, amount) VALUES ${tv}`,
          ids.flatMap((r, i) => [r.id, debit, chunk[i].credit, '12']),
        );
        await runner.commitTransaction();
        await runner.release();
      }
    }),
  );
  const refSeconds = Number(process.hrtime.bigint() - refStarted) / 1e9;
  await ledger.onModuleDestroy();
  await dataSource.destroy();

  const rows = [
    {
      run: 'settlement by the queue workers (payouts + ledger postings + balances + plans)',
      items: PLANS,
      seconds: seconds.toFixed(1),
      per_second: Math.round(PLANS / seconds),
    },
    {
      run: 'reference: plain multi-row INSERT of the ledger rows (journal + transfer per plan)',
      items: PLANS,
      seconds: refSeconds.toFixed(1),
      per_second: Math.round(PLANS / refSeconds),
    },
  ];
  const ratio = rows[0].per_second / rows[1].per_second;
  console.log(
    `\nbench/settlement: ${PLANS} plans, one day; ${chunks} chunk jobs of up to ${SETTLEMENT_CHUNK} plans on a BullMQ queue, ` +
      `${WORKERS} at once; same Postgres; ${cpus().length} cores, load average ${loadBefore} before, ${loadDuring} after`,
  );
  table(rows);
  console.log(`reference = ${REFERENCE}`);
  console.log(
    `days paid: ${paid} (payout rows ${payouts}, plan journal entries ${journals}); the first chunk again paid ${again}; ` +
      `ledger invariant violations: ${violations.length}`,
  );
  const goal = PLANS >= 1_000_000 ? 300 : 60;
  console.log(
    `goal: ${PLANS} plans in under ${goal} s (${seconds.toFixed(1)} s); rate vs reference ${ratio.toFixed(2)}x (goal >= 0.5x)`,
  );
  writeResult(PLANS === 100_000 ? 'settlement' : `settlement-${PLANS}`, {
    plans: PLANS,
    chunk: SETTLEMENT_CHUNK,
    chunks,
    workers: WORKERS,
    cores: cpus().length,
    loadAverage: { before: loadBefore, after: loadDuring },
    seconds,
    paid,
    payoutRows: payouts,
    planJournalEntries: journals,
    replayPaid: again,
    invariantViolations: violations.length,
    reference: REFERENCE,
    ratio,
    results: rows,
  });
} finally {
  await infra.stop();
}
