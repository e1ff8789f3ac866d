// A separate process that settles plans with the built code, so that a test can kill it with
// SIGKILL in the middle (test/e2e/orders/settlement-crash.e2e-spec.ts).
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

const [databaseUrl, idsJson] = process.argv.slice(2);
const dataSource = new DataSource(buildDataSourceOptions(databaseUrl, [], 4));
await dataSource.initialize();
const settlement = new PlanSettlementService(dataSource, new LedgerService(dataSource), new Clock());
process.stdout.write('ready\n');
const ids = JSON.parse(idsJson);
let done = 0;
for (const id of ids) {
  await settlement.settle([id]);
  done++;
  if (done % 50 === 0) process.stdout.write(`settled ${done}\n`);
}
process.stdout.write('finished\n');
await dataSource.destroy();
