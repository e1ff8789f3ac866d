// Before each test file, in its worker: the run's database of this worker (global-setup.ts made one
// per worker), as TEST_RUN_DATABASE_URL for the app, the ledger audit and the spawned processes.
const databases = JSON.parse(process.env.TEST_RUN_DATABASE_URLS ?? '[]') as string[];
if (databases.length) {
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  process.env.TEST_RUN_DATABASE_URL = databases[(worker - 1) % databases.length];
}
