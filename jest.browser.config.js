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
  setupFilesAfterEnv: ['<rootDir>/test/setup/after-each-file.ts'],
  maxWorkers: 1,
  testTimeout: 90000,
};
