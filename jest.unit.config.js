// Unit tests: pure logic beside the code (*.spec.ts); no database.
const { swcJestTransform, transformIgnorePatterns, moduleNameMapper } = require('./test/jest-shared');
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/services/**/*.spec.ts'],
  transform: swcJestTransform,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
};
