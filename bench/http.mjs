// bench/http: requests per second of the platform beside a bare Fastify server doing the same work,
// measured with autocannon: a trivial route (GET /livez) and an authenticated getUserInfo.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { benchInfrastructure, freshDatabase, requireDist, root, table, writeResult } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const { runMigrations, freePort } = requireDist('./libs/database/src/index.js');
const { PLATFORM_MIGRATIONS } = requireDist('./services/platform/src/platform.js');
const pg = requireDist('pg');

function startChild(label, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d) => {
      out += d.toString();
      if (/ready/.test(out)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

function cannon(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0)
        console.error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      resolve({ rps: Math.round(result.requests.average), p99ms: result.latency.p99 });
    });
  });
}

const infra = await benchInfrastructure();
const children = [];
try {
  const databaseUrl = await freshDatabase(infra.databaseUrl, 'bench_http');
  await runMigrations(databaseUrl, PLATFORM_MIGRATIONS);
  const jwtSecret = randomBytes(32).toString('hex');
  const platformPort = await freePort();
  const barePort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.redisUrl,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  children.push(
    await startChild('platform', path.join(root, 'dist/services/platform/src/main.js'), {
      ...env,
      PORT: String(platformPort),
      REDIS_PREFIX: 'bench',
    }),
  );
  children.push(
    await startChild('bare fastify', path.join(root, 'bench/bare-fastify.mjs'), {
      ...env,
      PORT: String(barePort),
    }),
  );

  // A user registered through the real API.
  const base = `http://127.0.0.1:${platformPort}`;
  const post = async (p, body, headers = {}) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json();
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await post('/swx/customer/login/sendCode', { type: 'email', account: email, scene: 'register' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    'SELECT body FROM accounts.outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  await client.end();
  const code = /\b(\d{6})\b/.exec(rows[0].body)[1];
  const registered = await post('/swx/customer/login/register', {
    type: 'email',
    account: email,
    username: email.split('@')[0],
    password: 'bench password 1',
    code,
  });
  const token = registered.result.token;
  const auth = { method: 'POST', headers: { authorization: `Bearer ${token}`, virtually: 'NO' } };

  const results = [];
  for (const [label, route, opts] of [
    ['trivial GET /livez', '/livez', {}],
    ['authenticated POST getUserInfo', '/swx/customer/user/getUserInfo', auth],
  ]) {
    const platform = await cannon(`http://127.0.0.1:${platformPort}${route}`, opts);
    const bare = await cannon(`http://127.0.0.1:${barePort}${route}`, opts);
    results.push({
      route: label,
      platform_rps: platform.rps,
      bare_fastify_rps: bare.rps,
      ratio: (platform.rps / bare.rps).toFixed(2),
      platform_p99_ms: platform.p99ms,
      bare_p99_ms: bare.p99ms,
      goal: route === '/livez' ? '>= 0.65' : '-',
    });
  }
  console.log(
    `\nbench/http: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, LOG_LEVEL=warn for both`,
  );
  table(results);
  writeResult('http', { connections: CONNECTIONS, seconds: SECONDS, results });
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await infra.stop();
}
