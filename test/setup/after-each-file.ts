import { ledgerViolations } from '../support/ledger-audit';

// After every e2e test file: the money of the whole run must still add up.
afterAll(async () => {
  const url = process.env.TEST_RUN_DATABASE_URL;
  if (!url) return;
  await expect(ledgerViolations(url)).resolves.toEqual([]);
});
