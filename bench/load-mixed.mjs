// bench/load-mixed: the load figure of issue 14 (item 9). The built platform (LOAD_PROCESSES
// processes, default 1, the price simulator feeding them) under autocannon for LOAD_SECONDS
// (default 60) with LOAD_CONNECTIONS (default 100) connections, after LOAD_WARMUP_SECONDS (default
// 5) of the same load that is not counted: a mix of leveraged order placement (order/buyU, market
// orders on the demo book) and balance reads (user/getUserInfo), spread over LOAD_USERS users.
// Every answer's `code` is read: an error is a transport error, a non-2xx status or an answer that
// is not a success. Goals: p99 under 300 ms, errors under 0.1 %, and the conservation audit
// (test/support/ledger-audit.ts) finds nothing afterwards. Writes bench/results/load-mixed.json.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  benchInfrastructure,
  cpuSecondsOf,
  databaseBackendPids,
  freshDatabase,
  registerBenchUsers,
  requireDist,
  root,
  startPlatforms,
  table,
  writeResult,
} from './support.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const USERS = Number(process.env.LOAD_USERS ?? 20);
/** Platform processes on the same database and Redis (autocannon spreads its connections over them). */
const PROCESSES = Number(process.env.LOAD_PROCESSES ?? 1);
/** Seconds of the same load before the measured run (not counted), as in bench/spot-http. */
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const GOALS = { p99Ms: 300, errorRate: 0.001 };

const { runMigrations } = requireDist('./libs/database/src/index.js');
const { PLATFORM_MIGRATIONS } = requireDist('./services/platform/src/platform.js');
const pg = requireDist('pg');

/** The conservation audit of the e2e suite, compiled from its TypeScript source with swc. */
function loadAudit() {
  const file = path.join(root, 'test/support/ledger-audit.ts');
  const { transformSync } = requireDist('@swc/core');
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
  });
  const m = new Module(file);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile(code, file);
  return m.exports.ledgerViolations;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const infra = await benchInfrastructure();
const platforms = [];
try {
  const databaseUrl = await freshDatabase(infra.databaseUrl, 'bench_load_mixed');
  await runMigrations(databaseUrl, PLATFORM_MIGRATIONS);
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: `bench-load-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
    SEND_CODE_MAX_PER_IP_PER_HOUR: '100000',
  };
  const bases = await startPlatforms(PROCESSES, shared, platforms);
  const base = bases[0];
  const post = async (p, body, headers = {}) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json();

  // Users registered through the real API (each with the demo book's 100,000 USDT).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const tokens = (await registerBenchUsers(base, db, USERS, 'load')).map((u) => u.token);

  // Wait for the simulator's first ticks (the feeder writes the price history first).
  const order = JSON.stringify({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 100 });
  const headersOf = (i) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${tokens[i % tokens.length]}`,
    virtually: 'NO',
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    const r = await post('/swx/customer/order/buyU', JSON.parse(order), headersOf(0));
    if (r.code === 20004) break;
    if (Date.now() > deadline) throw new Error(`no tradable price: ${JSON.stringify(r)}`);
    await sleep(1000);
  }

  // What each run was answered: `answers` by route and code, `failed` the answers that are errors.
  let tally = { answers: new Map(), failed: 0 };
  let next = 0;
  const onResponse = (kind, ok) => (status, body) => {
    let code = status;
    try {
      code = JSON.parse(body).code;
    } catch {
      // not JSON: counted by its status
    }
    const key = `${kind} ${status === 200 ? code : `http${status}`}`;
    tally.answers.set(key, (tally.answers.get(key) ?? 0) + 1);
    if (status !== 200 || !ok.includes(code)) tally.failed++;
  };
  const cannon = (duration) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: bases,
          connections: CONNECTIONS,
          duration,
          // One order for every two balance reads, each connection cycling through its own users.
          requests: [
            {
              method: 'POST',
              path: '/swx/customer/order/buyU',
              setupRequest: (req) => ({ ...req, headers: headersOf(next++), body: order }),
              onResponse: onResponse('buyU', [20004]),
            },
            {
              method: 'POST',
              path: '/swx/customer/user/getUserInfo',
              setupRequest: (req) => ({ ...req, headers: headersOf(next++), body: '{}' }),
              onResponse: onResponse('getUserInfo', [200]),
            },
            {
              method: 'POST',
              path: '/swx/customer/user/getUserInfo',
              setupRequest: (req) => ({ ...req, headers: headersOf(next++), body: '{}' }),
              onResponse: onResponse('getUserInfo', [200]),
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('error', reject);
    });
  // The same load for WARMUP_SECONDS first (JIT, connection pools, the users' margin accounts),
  // not in the figures; its answers are printed.
  if (WARMUP_SECONDS > 0) await cannon(WARMUP_SECONDS);
  const warmup = tally;
  tally = { answers: new Map(), failed: 0 };
  const load0 = loadavg()[0];
  // CPU seconds of the platform processes, of the database's server processes serving them and of
  // this process (autocannon): where the machine's two cores go.

  const cpuNow = async () => ({
    platform: platforms.reduce((sum, p) => sum + cpuSecondsOf(p.pid), 0),
    database: (await databaseBackendPids(db)).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    wall: performance.now() / 1000,
  });
  const cpu0 = await cpuNow();
  const result = await cannon(SECONDS);
  const { answers, failed } = tally;

  const cpu1 = await cpuNow();
  const wall = cpu1.wall - cpu0.wall;
  const cores = (k) => Number(((cpu1[k] - cpu0[k]) / wall).toFixed(2));
  await db.end();

  // autocannon's `errors` include its timeouts (10 s); a request without an answer is an attempt too.
  const total = result.requests.total + result.errors;
  const errors = failed + result.errors;
  const violations = await loadAudit()(databaseUrl);
  const summary = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    users: USERS,
    requests: total,
    answered: result.requests.total,
    rps: Math.round(result.requests.average),
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors,
    error_rate: total ? errors / total : 0,
    transport_errors: result.errors,
    timeouts: result.timeouts,
    answers: Object.fromEntries([...answers].sort()),
    warmup: {
      seconds: WARMUP_SECONDS,
      answers: Object.fromEntries([...warmup.answers].sort()),
      errors: warmup.failed,
    },
    audit_violations: violations.length,
    audit_sample: violations.slice(0, 10),
    processes: PROCESSES,
    // Cores busy on average during the run (database: the backends of this database only).
    cpu_cores: { platform: cores('platform'), database: cores('database'), bench: cores('bench') },
    load_average_before: Number(load0.toFixed(2)),
    cpus: (await import('node:os')).cpus().length,
    goals: GOALS,
  };
  summary.pass =
    summary.latency_ms.p99 < GOALS.p99Ms && summary.error_rate < GOALS.errorRate && violations.length === 0;
  console.log(
    `\nbench/load-mixed: autocannon ${SECONDS} s, ${CONNECTIONS} connections, buyU : getUserInfo = 1 : 2, ${PROCESSES} platform process(es)`,
  );
  table([
    {
      requests: total,
      rps: summary.rps,
      p50_ms: summary.latency_ms.p50,
      p99_ms: summary.latency_ms.p99,
      errors: `${errors} (${(summary.error_rate * 100).toFixed(3)} %)`,
      audit: violations.length ? `${violations.length} violations` : '0 violations',
      goal: `p99 < ${GOALS.p99Ms} ms, errors < 0.1 %, audit 0`,
      pass: summary.pass,
    },
  ]);
  console.log(`answers: ${JSON.stringify(summary.answers)}`);
  console.log(`warm-up (${WARMUP_SECONDS} s, not counted): ${JSON.stringify(summary.warmup.answers)}`);
  console.log(`cores busy: ${JSON.stringify(summary.cpu_cores)} of ${summary.cpus}`);
  writeResult('load-mixed', summary);
  if (!summary.pass) process.exitCode = 1;
} finally {
  for (const platform of platforms) {
    if (platform.exitCode !== null) continue;
    const exited = new Promise((r) => platform.once('exit', r));
    platform.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
  }
  await infra.stop();
}
