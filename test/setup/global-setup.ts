import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { launchInfrastructure, runMigrations, type Infrastructure } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../services/platform/src/platform';

/**
 * One fresh database per test run, on TEST_DATABASE_URL's server or the embedded PostgreSQL of the
 * launcher; Redis from TEST_REDIS_URL or a private redis-server. Workers read the TEST_RUN_* variables.
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const started = Date.now();
  const infra: Infrastructure = await launchInfrastructure({
    dataDir: path.resolve(__dirname, '../../.data/test'),
    databaseUrl: process.env.TEST_DATABASE_URL,
    redisUrl: process.env.TEST_REDIS_URL,
    databaseName: 'postgres',
    log: (line) => process.stderr.write(`[test infra] ${line}\n`),
  });
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `swx_test_${runId}`;
  const serverUrl = new URL(infra.databaseUrl);
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  serverUrl.pathname = `/${database}`;
  await runMigrations(serverUrl.toString(), PLATFORM_MIGRATIONS);
  // Files in parallel workers would settle each other's orders and move each other's clocks on one
  // database: each worker gets its own copy of the migrated one (worker-database.ts picks it).
  const databases = [database];
  for (let worker = 2; worker <= (globalConfig?.maxWorkers ?? 1); worker++) {
    databases.push(`${database}_w${worker}`);
    await admin.query(`CREATE DATABASE "${database}_w${worker}" TEMPLATE "${database}"`);
  }
  await admin.end();
  const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

  process.env.TEST_RUN_DATABASE_URL = serverUrl.toString();
  process.env.TEST_RUN_DATABASE_URLS = JSON.stringify(databases.map(urlOf));
  process.env.TEST_RUN_REDIS_URL = infra.redisUrl;
  process.env.TEST_RUN_ID = runId;
  (globalThis as { __SWX_TEST__?: unknown }).__SWX_TEST__ = {
    infra,
    databases,
    serverUrl: infra.databaseUrl,
  };
  process.stderr.write(`[test infra] database ${database} ready in ${Date.now() - started} ms\n`);
}
