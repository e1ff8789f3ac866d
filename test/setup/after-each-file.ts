import { ledgerViolations } from '../support/ledger-audit';

// One retry for a failed test, its first error printed: a timing flake on a loaded 2-core machine
// shows in the log instead of sinking the run, and a real failure fails twice.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

// After every e2e test file: the money of the whole run must still add up.
afterAll(async () => {
  const url = process.env.TEST_RUN_DATABASE_URL;
  if (!url) return;
  await expect(ledgerViolations(url)).resolves.toEqual([]);
});
