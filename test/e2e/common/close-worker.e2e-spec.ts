import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { closeWorkerWithin } from '@app/queue/close-worker';

/**
 * closeWorkerWithin against a real BullMQ worker on the test Redis. Its cut-off reaches into the
 * worker's internals (Redis clients, stalled-job and lock timers); the unit tests use a stand-in
 * with those names, so a BullMQ upgrade that renamed them would leave the cut-off doing nothing
 * in silence. Here the real worker's close is made to hang and the cut-off must really end it.
 */
/** The BullMQ 6 internals closeWorkerWithin reaches, and what shows they were stopped. */
type Internals = {
  stalledCheckStopper?: () => void;
  stalledCheckerPromise: Promise<void>;
  lockManager: { close(): Promise<void>; isRunning(): boolean };
  backend: Record<'connection' | 'blockingConnection', { _client: { disconnect(): void; status: string } }>;
};

describe('closeWorkerWithin on a real BullMQ worker', () => {
  const url = new URL(process.env.TEST_RUN_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const connection = { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
  const prefix = `close-worker-${randomUUID()}`;
  let queue: Queue;

  beforeAll(() => {
    queue = new Queue('q', { connection, prefix });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    // ioredis gives a socket it ended 2 s to close before destroying it; let that timer run out.
    await new Promise((r) => setTimeout(r, 2_100));
  });

  async function runningWorker(): Promise<{ worker: Worker; done: string[] }> {
    const done: string[] = [];
    const worker = new Worker(
      'q',
      async (job) => {
        done.push(job.id!);
      },
      { connection, prefix, stalledInterval: 1_000, lockDuration: 2_000 },
    );
    await worker.waitUntilReady();
    await queue.add('j', {}, { jobId: `job-${randomUUID()}` });
    const deadline = Date.now() + 10_000;
    while (done.length === 0) {
      if (Date.now() > deadline) throw new Error('the worker ran no job');
      await new Promise((r) => setTimeout(r, 20));
    }
    return { worker, done };
  }

  it('the internals the cut-off uses exist on a running worker', async () => {
    const { worker } = await runningWorker();
    const internals = worker as unknown as Internals;
    expect(typeof internals.stalledCheckStopper).toBe('function');
    expect(typeof internals.lockManager?.close).toBe('function');
    for (const side of ['connection', 'blockingConnection'] as const) {
      const client = internals.backend?.[side]?._client;
      expect(typeof client?.disconnect).toBe('function');
      expect(client.status).toBe('ready');
    }
    await expect(closeWorkerWithin(worker, 5_000, () => undefined)).resolves.toBe(true);
  });

  it('a close that hangs is cut off: Redis clients ended, lock renewal and stalled checks stopped', async () => {
    // A job whose processor never returns holds the real close() for ever (it waits for running
    // jobs), as the close after a Redis restart was seen to hang; its disconnect() hung as well.
    let started = false;
    const worker = new Worker(
      'q',
      () => {
        started = true;
        return new Promise<void>(() => undefined);
      },
      { connection, prefix, stalledInterval: 30_000 },
    );
    worker.disconnect = () => new Promise<void>(() => undefined);
    await worker.waitUntilReady();
    await queue.add('hangs', {}, { jobId: `hangs-${randomUUID()}` });
    const deadline = Date.now() + 10_000;
    while (!started) {
      if (Date.now() > deadline) throw new Error('the worker ran no job');
      await new Promise((r) => setTimeout(r, 20));
    }
    const internals = worker as unknown as Internals;
    const clients = (['connection', 'blockingConnection'] as const).map(
      (side) => internals.backend[side]._client,
    );
    expect(internals.lockManager.isRunning()).toBe(true);

    const warnings: string[] = [];
    await expect(closeWorkerWithin(worker, 300, (m) => warnings.push(m))).resolves.toBe(false);
    expect(warnings).toEqual(['not closed after 300 ms, disconnected']);
    expect(internals.lockManager.isRunning()).toBe(false);
    // The stalled checker's loop ends now, not at its next 30 s tick (its timer would hold the process).
    let timer: NodeJS.Timeout | undefined;
    const loopEnded = await Promise.race([
      internals.stalledCheckerPromise.then(() => true),
      new Promise((r) => (timer = setTimeout(() => r(false), 2_000))),
    ]);
    clearTimeout(timer);
    expect(loopEnded).toBe(true);
    const ended = Date.now() + 5_000;
    while (!clients.every((c) => c.status === 'end')) {
      if (Date.now() > ended) throw new Error(`clients still ${clients.map((c) => c.status).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
