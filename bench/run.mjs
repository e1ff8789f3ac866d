// npm run bench: every benchmark in one run (each prints its table and writes bench/results/<name>.json).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './support.mjs';

const only = process.argv.slice(2);
for (const name of ['ledger', 'http', 'matching', 'spot-http', 'settlement', 'market-fanout', 'positions']) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== bench/${name} ===`);
  const run = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], { stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = 1;
}
