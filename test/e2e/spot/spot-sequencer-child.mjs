// A separate platform process (built code, not listening) that sequences the spot pairs of the
// test's Redis prefix, so that a test can kill it with SIGKILL in the middle of a stream of orders
// and start it again (test/e2e/spot/spot-crash.e2e-spec.ts). Prints "ready" once started; with
// "drain" as its last argument it prints "done" and exits once nothing of the pair waits any more.
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

const [databaseUrl, redisUrl, prefix, symbol, mode] = process.argv.slice(2);
const env = parseEnvironment({
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  REDIS_PREFIX: prefix,
  MARKET_SOURCES: 'none',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-for-tests',
});
const config = { ...env, jwtSecret: randomBytes(32).toString('hex') };
const app = await createHttpApp(
  buildRootModule(config, { databaseUrl, redisUrl }, PLATFORM_MIGRATIONS, PLATFORM_MODULES),
  config,
);
await app.init();
process.stdout.write('ready\n');
if (mode === 'drain') {
  const db = app.get(DataSource);
  for (;;) {
    const [{ waiting }] = await db.query(
      `SELECT count(*)::int AS waiting FROM orders.spot_orders
        WHERE symbol = $1 AND (state = 'pending' OR (cancel_requested_at IS NOT NULL AND state IN ('open', 'partial')))`,
      [symbol],
    );
    if (waiting === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  process.stdout.write('done\n');
  await app.close();
  process.exit(0);
}
