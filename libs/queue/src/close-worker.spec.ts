import type { Worker } from 'bullmq';
import { closeWorkerWithin } from './close-worker';

/** A stand-in for a BullMQ worker: close() settles as told, every cut-off is recorded. */
function fakeWorker(close: () => Promise<void>) {
  const calls: string[] = [];
  const client = (name: string) => ({ disconnect: () => calls.push(`${name} client disconnect`) });
  const worker = {
    close,
    disconnect: () => {
      calls.push('disconnect');
      return new Promise<void>(() => undefined); // as seen: never settles
    },
    stalledCheckStopper: () => calls.push('stalled checker stopped'),
    lockManager: { close: () => (calls.push('lock manager closed'), Promise.resolve()) },
    backend: { connection: { _client: client('main') }, blockingConnection: { _client: client('blocking') } },
  };
  return { worker: worker as unknown as Pick<Worker, 'close' | 'disconnect'>, calls };
}

describe('closeWorkerWithin', () => {
  it('answers true and cuts nothing when the worker closes in time', async () => {
    const { worker, calls } = fakeWorker(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const warnings: string[] = [];
    await expect(closeWorkerWithin(worker, 1_000, (m) => warnings.push(m))).resolves.toBe(true);
    expect(calls).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('a close that fails is logged, not thrown, and counts as closed', async () => {
    const { worker, calls } = fakeWorker(() => Promise.reject(new Error('Connection is closed.')));
    const warnings: string[] = [];
    await expect(closeWorkerWithin(worker, 1_000, (m) => warnings.push(m))).resolves.toBe(true);
    expect(warnings).toEqual(['Connection is closed.']);
    expect(calls).toEqual([]);
  });

  it('a close that never returns is abandoned after the bound: clients cut, timers stopped', async () => {
    const { worker, calls } = fakeWorker(() => new Promise<void>(() => undefined));
    const warnings: string[] = [];
    const started = Date.now();
    await expect(closeWorkerWithin(worker, 50, (m) => warnings.push(m))).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(warnings).toEqual(['not closed after 50 ms, disconnected']);
    expect(calls).toEqual([
      'disconnect',
      'stalled checker stopped',
      'lock manager closed',
      'main client disconnect',
      'blocking client disconnect',
    ]);
  });
});
