// bench/ledger: ledger transfers per second on real Postgres, side by side with pgbench's
// tpcb-like on the same server and client count (-s <clients> for ordinary rows, -s 1 for one hot row).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { benchInfrastructure, freshDatabase, requireDist, table, writeResult } from './support.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 2000);

const { DataSource } = requireDist('typeorm');
const { buildDataSourceOptions, runMigrations } = requireDist('./libs/database/src/index.js');
const { LedgerService, LEDGER_MIGRATIONS, SystemAccount } = requireDist('./libs/ledger/src/index.js');

const infra = await benchInfrastructure();
try {
  const url = await freshDatabase(infra.databaseUrl, 'bench_ledger');
  await runMigrations(url, LEDGER_MIGRATIONS);
  const dataSource = new DataSource(buildDataSourceOptions(url, LEDGER_MIGRATIONS, CLIENTS + 2));
  await dataSource.initialize();
  const ledger = new LedgerService(dataSource);

  const users = Array.from({ length: USERS }, () => randomUUID());
  const acct = (id) => ({ owner: { type: 'user', id }, book: 'real', currency: 'USDT', kind: 'available' });
  const fees = {
    owner: { type: 'system', id: SystemAccount.Fees },
    book: 'real',
    currency: 'USDT',
    kind: 'main',
  };
  const world = {
    owner: { type: 'system', id: SystemAccount.External },
    book: 'real',
    currency: 'USDT',
    kind: 'main',
  };
  console.error(`funding ${USERS} users`);
  for (let i = 0; i < USERS; i += 200) {
    await Promise.all(
      users.slice(i, i + 200).map((id) =>
        ledger.post({
          key: `fund-${id}`,
          reason: 'bench',
          legs: [{ from: world, to: acct(id), amount: '1000000' }],
        }),
      ),
    );
  }

  async function run(label, legsFor) {
    let done = 0;
    let failed = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          const from = users[Math.floor(Math.random() * USERS)];
          let to = users[Math.floor(Math.random() * USERS)];
          if (to === from) to = users[(users.indexOf(from) + 1) % USERS];
          try {
            await ledger.post({ key: randomUUID(), reason: 'bench', legs: legsFor(from, to) });
            done++;
          } catch (e) {
            failed++;
            if (failed < 3) console.error(e);
          }
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.error(`${label}: ${done} transfers in ${seconds.toFixed(1)} s`);
    return { tps: Math.round(done / seconds), failed };
  }

  const ordinary = await run('ordinary', (from, to) => [{ from: acct(from), to: acct(to), amount: '0.01' }]);
  const hot = await run('hot fee account', (from, to) => [
    { from: acct(from), to: acct(to), amount: '0.01' },
    { from: acct(from), to: fees, amount: '0.0001' },
  ]);
  const violations = await ledger.invariantViolations();
  await dataSource.destroy();

  function pgbench(scale) {
    const dbUrl = new URL(infra.databaseUrl);
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(dbUrl.password) };
    const args = ['-h', dbUrl.hostname, '-p', dbUrl.port || '5432', '-U', decodeURIComponent(dbUrl.username)];
    return (async () => {
      const benchUrl = await freshDatabase(infra.databaseUrl, `bench_pgbench_s${scale}`);
      const db = new URL(benchUrl).pathname.slice(1);
      execFileSync('pgbench', [...args, '-i', '-q', '-s', String(scale), db], {
        env,
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      const out = execFileSync(
        'pgbench',
        [
          ...args,
          '-b',
          'tpcb-like',
          '-M',
          'prepared',
          '-c',
          String(CLIENTS),
          '-j',
          '2',
          '-T',
          String(SECONDS),
          db,
        ],
        {
          env,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      return match ? Math.round(Number(match[1])) : null;
    })();
  }

  const pgOrdinary = await pgbench(Math.max(CLIENTS, 1));
  const pgHot = await pgbench(1);
  const rows = [
    {
      workload: 'ordinary transfers',
      ledger_tps: ordinary.tps,
      pgbench_tps: pgOrdinary,
      ratio: (ordinary.tps / pgOrdinary).toFixed(2),
      goal: '>= 0.70',
    },
    {
      workload: 'hot fee account in every transfer',
      ledger_tps: hot.tps,
      pgbench_tps: pgHot,
      ratio: (hot.tps / pgHot).toFixed(2),
      goal: '>= 1.00',
    },
  ];
  console.log(
    `\nbench/ledger: ${CLIENTS} clients, ${SECONDS} s each, ${USERS} users, same Postgres (${infra.embeddedPostgres ? 'embedded' : 'BENCH_DATABASE_URL'})`,
  );
  table(rows);
  console.log(`ledger invariant violations after the run: ${violations.length}`);
  writeResult('ledger', {
    clients: CLIENTS,
    seconds: SECONDS,
    users: USERS,
    results: rows,
    failed: ordinary.failed + hot.failed,
    invariantViolations: violations.length,
  });
} finally {
  await infra.stop();
}
