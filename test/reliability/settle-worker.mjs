// A settlement worker in its own process (the built code), so that a test can kill it with SIGKILL
// at any point: it settles the given plans in chunks, as the chunk jobs do, and prints its progress.
// Usage: node settle-worker.mjs <databaseUrl> <idsJson> <chunk>
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'dist', 'index.js'));
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { buildDataSourceOptions } = require('./libs/database/src/index.js');
const { LedgerService } = require('./libs/ledger/src/index.js');
const { Clock } = require('./libs/common/src/index.js');
const { PlanSettlementService } = require('./services/orders/src/index.js');

const [databaseUrl, idsJson, chunkText] = process.argv.slice(2);
const chunk = Number(chunkText ?? 25);
const dataSource = new DataSource(buildDataSourceOptions(databaseUrl, [], 4));
await dataSource.initialize();
const settlement = new PlanSettlementService(dataSource, new LedgerService(dataSource), new Clock());
process.stdout.write('ready\n');
const ids = JSON.parse(idsJson);
let done = 0;
for (let i = 0; i < ids.length; i += chunk) {
  await settlement.settle(ids.slice(i, i + chunk));
  done += Math.min(chunk, ids.length - i);
  process.stdout.write(`settled ${done}\n`);
}
process.stdout.write('finished\n');
await dataSource.destroy();
