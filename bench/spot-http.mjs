// bench/spot-http: coin orders per second end to end through HTTP (autocannon on order/submit):
// each order's money held through the ledger, sequenced by the pair's sequencer, matched, its
// trades persisted and settled; side by side with `pgbench -b tpcb-like` on the same Postgres.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  benchInfrastructure,
  cpuSecondsOf,
  databaseBackendPids,
  freshDatabase,
  registerBenchUsers,
  requireDist,
  startPlatforms,
  table,
  writeResult,
} from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const USERS = Number(process.env.BENCH_USERS ?? 32);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 8);
/** API processes (one per core of the machine by default), as deployed: the pair's sequencer runs in one of them. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
/** Orders sent before the measured run (JIT warm-up, account rows created), not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

const { runMigrations } = requireDist('./libs/database/src/index.js');
const { PLATFORM_MIGRATIONS } = requireDist('./services/platform/src/platform.js');
const pg = requireDist('pg');

/** `pgbench -b tpcb-like` on its own database of the same server; answers its TPS. */
async function pgbench(serverUrl) {
  const url = await freshDatabase(serverUrl, 'bench_pgbench');
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  const run = spawnSync(
    'pgbench',
    ['-b', 'tpcb-like', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(SECONDS), url],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`pgbench: ${run.stderr}`);
  return Number(/tps = ([\d.]+)/.exec(run.stdout)[1]);
}

const infra = await benchInfrastructure();
const platforms = [];
try {
  // pgbench before and after the orders (the platform stopped both times), on the same server: the
  // machine is shared, so the reference is the mean of the two.
  const tpsBefore = await pgbench(infra.databaseUrl);
  const databaseUrl = await freshDatabase(infra.databaseUrl, 'bench_spot');
  await runMigrations(databaseUrl, PLATFORM_MIGRATIONS);
  // The processes share the database, Redis (prefix) and token secret, one after the other started.
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: `bench-spot-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    MARKET_SOURCES: 'none',
    ADMIN_PASSWORD: 'bench-admin-password',
    SEND_CODE_MAX_PER_IP_PER_HOUR: '100000',
    // The market maker quotes the catalogue's pairs (not the benchmark's own): its periodic
    // requotes would only add load that is not the orders measured here.
    SPOT_MARKET_MAKER: 'false',
  };
  const bases = await startPlatforms(PROCESSES, shared, platforms);
  const base = bases[0];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // A pair of the benchmark's own (no market maker on it): tick 0.01, lot 0.001.
  const coin = `B${randomBytes(3).toString('hex').toUpperCase()}`;
  const symbol = `${coin}USDT`;
  await db.query(
    `INSERT INTO orders.spot_pairs (symbol, base, quote, tick_size, lot_size) VALUES ($1, $2, 'USDT', 0.01, 0.001)`,
    [symbol, coin],
  );
  await db.query(`INSERT INTO orders.spot_books (symbol, book) VALUES ($1, 'real'), ($1, 'demo')`, [symbol]);

  // Users registered through the API (each gets the demo book's virtual USDT); their coins come
  // from the demo faucet through the ledger's own posting function.
  const post = async (p, body, headers = {}) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json();
  const tokens = [];
  const account = async (ownerType, ownerId, currency, kind) => {
    await db.query(
      `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind, shard) VALUES ($1, $2, 'demo', $3, $4, 0)
       ON CONFLICT ON CONSTRAINT accounts_owner_unique DO NOTHING`,
      [ownerType, ownerId, currency, kind],
    );
    const { rows } = await db.query(
      `SELECT id FROM ledger.accounts WHERE owner_type = $1 AND owner_id = $2 AND book = 'demo' AND currency = $3 AND kind = $4 AND shard = 0`,
      [ownerType, ownerId, currency, kind],
    );
    return rows[0].id;
  };
  const faucet = await account('system', 'demo_faucet', coin, 'main');
  for (const registered of await registerBenchUsers(base, db, USERS, 'spot')) {
    const user = await account('user', registered.id, coin, 'available');
    await db.query(
      `SELECT ledger.post_journal($1, 'deposit', NULL, NULL, $2::bigint[], $3::bigint[], $4::numeric[])`,
      [`bench-fund-${registered.id}`, [faucet], [user], ['100000']],
    );
    tokens.push(registered.token);
  }
  // Wait until a sequencer owns the new pair.
  for (let i = 0; i < 100; i++) {
    const r = await fetch(`${base}/swx/customer/order/getBbDepth/${symbol}`, {
      headers: { virtually: 'NO' },
    });
    if ((await r.json()).code === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 4000));

  // Buys and sells of 0.01 around 100 that cross about half the time.
  let n = 0;
  const body = () => {
    const i = n++;
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const offset = (i * 7919) % 9;
    const price = side === 'buy' ? (99.97 + offset / 100).toFixed(2) : (99.99 + offset / 100).toFixed(2);
    return JSON.stringify({ symbol, side, type: 'limit', price, quantity: '0.01' });
  };
  const probe = await post('/swx/customer/order/submit', JSON.parse(body()), {
    virtually: 'NO',
    authorization: `Bearer ${tokens[0]}`,
  });
  if (probe.code !== 200) throw new Error(`order/submit: ${JSON.stringify(probe)}`);
  // One order at a time first: the latency of a single order through the whole path.
  const single = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const r = await post('/swx/customer/order/submit', JSON.parse(body()), {
      virtually: 'NO',
      authorization: `Bearer ${tokens[i % tokens.length]}`,
    });
    single.push(performance.now() - t0);
    if (r.code !== 200 || r.result.state === 'pending')
      console.log(`probe ${i}: ${r.code} ${r.result?.state}`);
  }
  single.sort((a, b) => a - b);
  console.log(`one at a time: median ${single[10].toFixed(1)} ms, max ${single[19].toFixed(1)} ms`);
  // CPU seconds (user + system) of the platform and of the database's server processes serving it:
  // what an order costs whatever else runs on the machine.

  const platformCpu = () => platforms.reduce((sum, p) => sum + cpuSecondsOf(p.pid), 0);
  // Autocannon spreads its connections over the processes (a load balancer's round robin).
  const cannon = (duration) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: bases.map((b) => `${b}/swx/customer/order/submit`),
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                headers: {
                  'content-type': 'application/json',
                  virtually: 'NO',
                  authorization: `Bearer ${tokens[n % tokens.length]}`,
                },
                body: body(),
              }),
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
  const drained = async () => {
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM orders.spot_orders WHERE symbol = $1 AND state = 'pending'`,
        [symbol],
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  if (WARMUP_SECONDS > 0) {
    await cannon(WARMUP_SECONDS);
    await drained();
  }
  const cpuBefore = {
    platform: platformCpu(),
    db: new Map((await databaseBackendPids(db)).map((p) => [p, cpuSecondsOf(p)])),
  };
  const startedAt = new Date();
  // BENCH_TRACE: what the database's sessions wait on during the load (sampled every 100 ms).
  const waits = new Map();
  let sampling;
  if (process.env.BENCH_TRACE) {
    console.error(`load starts; platform pids ${platforms.map((p) => p.pid).join(' ')}`);
    const sampler = new pg.Client({ connectionString: databaseUrl });
    await sampler.connect();
    let on = true;
    const loop = (async () => {
      while (on) {
        const { rows } = await sampler.query(
          `SELECT coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' ' || state || ' ' ||
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 50) AS w
             FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
        );
        for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    sampling = async () => {
      on = false;
      await loop;
      await sampler.end();
      const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 25);
      console.error('database sessions during the load (samples, wait, state, query):');
      for (const [w, n] of top) console.error(`${String(n).padStart(6)}  ${w}`);
    };
  }
  const result = await cannon(SECONDS);
  await sampling?.();
  // Until the sequencer has taken every accepted order.
  await drained();
  const cpu = {
    platform: platformCpu() - cpuBefore.platform,
    db: (await databaseBackendPids(db)).reduce(
      (sum, p) => sum + cpuSecondsOf(p) - (cpuBefore.db.get(p) ?? 0),
      0,
    ),
  };
  const {
    rows: [stats],
  } = await db.query(
    `SELECT count(*)::int AS orders, extract(epoch FROM max(updated_at) - min(created_at))::float AS seconds,
            (SELECT count(*)::int FROM orders.spot_trades WHERE symbol = $1) AS trades,
            (SELECT count(*)::int FROM ledger.journal WHERE ref_type = 'spot_trade') AS settled
       FROM orders.spot_orders WHERE symbol = $1 AND created_at >= $2`,
    [symbol, startedAt],
  );
  await db.end();
  console.log(`spot: ${stats.orders} orders in ${stats.seconds.toFixed(1)} s, ${stats.trades} trades`);
  const cpuPerOrder = {
    platform: (1000 * cpu.platform) / stats.orders,
    db: (1000 * cpu.db) / stats.orders,
  };
  console.log(
    `CPU per order: platform ${cpuPerOrder.platform.toFixed(2)} ms, Postgres ${cpuPerOrder.db.toFixed(2)} ms`,
  );
  // The platform stops first: pgbench gets the machine (and the server's connections) alone.
  for (const p of platforms.splice(0)) {
    p.kill('SIGTERM');
    await new Promise((r) => p.once('exit', r));
  }

  const tpsAfter = await pgbench(infra.databaseUrl);
  const tps = (tpsBefore + tpsAfter) / 2;

  const ordersPerSecond = Math.round(stats.orders / stats.seconds);
  const rows = [
    {
      run: 'order/submit end to end (hold, sequence, match, persist, settle)',
      per_second: ordersPerSecond,
      http_rps: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      cpu_ms_per_op: `${cpuPerOrder.platform.toFixed(2)} + pg ${cpuPerOrder.db.toFixed(2)}`,
      count: `${stats.orders} orders, ${stats.trades} trades`,
    },
    {
      run: `pgbench -b tpcb-like (${PGBENCH_CLIENTS} clients, mean of before/after)`,
      per_second: Math.round(tps),
      http_rps: '-',
      p50_ms: '-',
      p99_ms: '-',
      cpu_ms_per_op: '-',
      count: `${Math.round(tpsBefore)} / ${Math.round(tpsAfter)} tps`,
    },
  ];
  console.log(
    `\nbench/spot-http: autocannon ${CONNECTIONS} connections for ${SECONDS} s (after ${WARMUP_SECONDS} s of ` +
      `warm-up) over ${PROCESSES} API processes, ${USERS} users, one pair`,
  );
  table(rows);
  const ratio = ordersPerSecond / tps;
  console.log(`orders/s vs pgbench TPS: ${ratio.toFixed(2)}x (goal >= 0.5x and >= 1,000 orders/s)`);
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`autocannon: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`load average at the end: ${load} (the machine is shared: compare ratios)`);
  writeResult('spot-http', {
    connections: CONNECTIONS,
    processes: PROCESSES,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    users: USERS,
    ordersPerSecond,
    httpRps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerOrder: {
      platform: Number(cpuPerOrder.platform.toFixed(3)),
      postgres: Number(cpuPerOrder.db.toFixed(3)),
    },
    orders: stats.orders,
    trades: stats.trades,
    non2xx: result.non2xx,
    pgbenchTps: Math.round(tps),
    pgbenchTpsBeforeAfter: [Math.round(tpsBefore), Math.round(tpsAfter)],
    ratio: Number(ratio.toFixed(2)),
    loadAverage: load,
  });
} finally {
  for (const p of platforms) p.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await infra.stop();
}
