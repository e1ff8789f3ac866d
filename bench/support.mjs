// Shared helpers of the benchmarks: they run the built code (npm run build) on real servers.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const requireDist = createRequire(path.join(root, 'dist', 'index.js'));

export function writeResult(name, data) {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({ benchmark: name, at: new Date().toISOString(), ...data }, null, 2) + '\n',
  );
  console.log(`written ${path.relative(root, file)}`);
}

export function table(rows) {
  const widths = Object.keys(rows[0]).map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (values) => values.map((v, i) => String(v).padEnd(widths[i])).join('  ');
  console.log(line(Object.keys(rows[0])));
  for (const r of rows) console.log(line(Object.values(r)));
}

/** Postgres and Redis for a benchmark: the given URLs, else the embedded launcher under .data/bench. */
export async function benchInfrastructure() {
  const { launchInfrastructure } = requireDist('./libs/database/src/index.js');
  return launchInfrastructure({
    dataDir: path.join(root, '.data', 'bench'),
    databaseUrl: process.env.BENCH_DATABASE_URL,
    redisUrl: process.env.BENCH_REDIS_URL,
    databaseName: 'postgres',
    log: (l) => console.error(`[infra] ${l}`),
  });
}

export async function freshDatabase(serverUrl, name) {
  const pg = requireDist('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The built platform (dist/services/platform) as its own process with `env`; resolves once it says
 * it is ready. BENCH_NODE_ARGS adds node options, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`;
 * BENCH_TRACE prints its output.
 */
export function startPlatform(env) {
  const { spawn } = requireDist('node:child_process');
  return new Promise((resolve, reject) => {
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, path.join(root, 'dist/services/platform/src/main.js')],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const onExit = (code) => reject(new Error(`platform exited with ${code}:\n${out.slice(-3000)}`));
    const onData = (d) => {
      out += d.toString();
      if (process.env.BENCH_TRACE) process.stderr.write(d);
      if (/ready/.test(out)) {
        child.off('exit', onExit);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * `count` users registered through the real API of `base` (the e-mail code read from the outbox
 * with `db`, a connected pg client); answers their ids and session tokens.
 */
export async function registerBenchUsers(base, db, count, prefix = 'bench') {
  const { randomBytes } = requireDist('node:crypto');
  const post = async (p, body) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
    const sent = await post('/swx/customer/login/sendCode', {
      type: 'email',
      account: email,
      scene: 'register',
    });
    if (sent.code !== 200) throw new Error(`sendCode: ${JSON.stringify(sent)}`);
    const { rows } = await db.query(
      'SELECT body FROM accounts.outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const code = /\b(\d{6})\b/.exec(rows[0].body)[1];
    const registered = await post('/swx/customer/login/register', {
      type: 'email',
      account: email,
      username: email.split('@')[0].replace('-', ''),
      password: 'bench password 1',
      code,
    });
    if (registered.code !== 200) throw new Error(`register: ${JSON.stringify(registered)}`);
    users.push({ id: registered.result.user.id, token: registered.result.token });
  }
  return users;
}

let clockTicks;
/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSecondsOf(pid) {
  const { spawnSync } = requireDist('node:child_process');
  const { readFileSync } = requireDist('node:fs');
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** The server processes serving the database `db` (a connected pg client) is on, but its own. */
export async function databaseBackendPids(db) {
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

/**
 * `count` platform processes on one database and Redis (`env`), each on a free port; pushes each
 * child into `started` as soon as it is up (the caller stops them, also after a failure) and
 * answers their base URLs.
 */
export async function startPlatforms(count, env, started) {
  const { freePort } = requireDist('./libs/database/src/index.js');
  const bases = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    started.push(await startPlatform({ ...env, PORT: String(port) }));
    bases.push(`http://127.0.0.1:${port}`);
  }
  return bases;
}
