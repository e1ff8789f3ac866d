// A separate platform process (built code, not listening) whose trading worker settles what fell due at
// start, so that a test can kill it with SIGKILL in the middle and start it again
// (test/e2e/trading/options-crash.e2e-spec.ts). Prints "ready" once started, "done" once none of
// the given options orders is open any more.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(path.join(root, 'dist', 'index.js'));
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { parseEnvironment } = require('./libs/common/src/index.js');
const { buildRootModule, createHttpApp } = require('./libs/database/src/index.js');
const { PLATFORM_MIGRATIONS, PLATFORM_MODULES } = require('./services/platform/src/platform.js');

const [databaseUrl, redisUrl, prefix, idsJson] = process.argv.slice(2);
const env = parseEnvironment({
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  REDIS_PREFIX: prefix,
  MARKET_SOURCES: 'none',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-for-tests',
});
const config = { ...env, jwtSecret: randomBytes(32).toString('hex') };
// The whole platform as `npm start` runs it, without listening: its workers are what matters here.
const app = await createHttpApp(
  buildRootModule(config, { databaseUrl, redisUrl }, PLATFORM_MIGRATIONS, PLATFORM_MODULES),
  config,
);
await app.init();
process.stdout.write('ready\n');
const db = app.get(DataSource);
const ids = JSON.parse(idsJson);
for (;;) {
  const [{ open }] = await db.query(
    `SELECT count(*)::int AS open FROM orders.options_orders WHERE id = ANY($1::bigint[]) AND state = 'open'`,
    [ids],
  );
  if (open === 0) break;
  await new Promise((r) => setTimeout(r, 50));
}
process.stdout.write('done\n');
await app.close();
process.exit(0);
