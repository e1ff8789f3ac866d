// Browser e2e tests: the whole platform (API + the built web-user app) on the run's database and
// Redis, driven by playwright-core with Debian's chromium. Needs `npm run build:web` first.
const { swcJestTransform, transformIgnorePatterns, moduleNameMapper } = require('./test/jest-shared');
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/browser/**/*.e2e-spec.ts'],
  transform: swcJestTransform,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFiles: ['<rootDir>/test/setup/worker-database.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/after-each-file.ts'],
  // Two files at a time, each worker on its own database (as the e2e stage): much of a browser file
  // is waiting for pages and the platform's start, so two share the cores. BROWSER_WORKERS=1 runs
  // them one by one.
  maxWorkers: Number(process.env.BROWSER_WORKERS ?? 2),
  testTimeout: 90000,
};
