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
