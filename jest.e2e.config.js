// API e2e tests against the real stack: Postgres and Redis from the launcher (or TEST_DATABASE_URL /
// TEST_REDIS_URL), one fresh database and Redis key prefix per run.
const { swcJestTransform, transformIgnorePatterns, moduleNameMapper } = require('./test/jest-shared');
// The long fault runs (minutes each, timing-sensitive on a busy machine) run with `npm run test:soak`.
const SOAK_ONLY = [
  '/test/e2e/reliability/settlement-faults',
  '/test/e2e/reliability/postgres-chaos',
  '/test/e2e/spot/spot-crash',
];
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.SOAK ? [] : SOAK_ONLY)],
  transform: swcJestTransform,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFiles: ['<rootDir>/test/setup/worker-database.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/after-each-file.ts'],
  // Two files at a time, each worker on its own database (global-setup.ts): every app runs the
  // platform's sweeps on its run database, and a file that moves its clock days ahead would settle
  // another file's open orders under its feet if they shared one. E2E_WORKERS=1 runs one by one.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  // In a worker, not in band: each file leaves a little of its app behind (about 50 MB, 3.5 GB over
  // the suite), and a worker past this much after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1.5GB',
  testTimeout: 60000,
};
