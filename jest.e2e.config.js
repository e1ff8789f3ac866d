// API e2e tests against the real stack: Postgres and Redis from the launcher (or TEST_DATABASE_URL /
// TEST_REDIS_URL), one fresh database and Redis key prefix per run.
const { swcJestTransform, transformIgnorePatterns, moduleNameMapper } = require('./test/jest-shared');
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  transform: swcJestTransform,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/after-each-file.ts'],
  maxWorkers: 2,
  testTimeout: 60000,
};
