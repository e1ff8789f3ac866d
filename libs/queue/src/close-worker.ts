import type { Worker } from 'bullmq';

/** A BullMQ 6 worker's Redis clients and timers (internals: the one way to stop them, see below). */
type WorkerInternals = {
  stalledCheckStopper?: () => void;
  lockManager?: { close(): Promise<void> };
  backend?: {
    connection?: { _client?: { disconnect(): void } };
    blockingConnection?: { _client?: { disconnect(): void } };
  };
};

/**
 * Closes a BullMQ worker, waiting at most `withinMs`. A worker whose Redis restarted under it was
 * seen waiting for ever in `close()` after its last job had returned, and so was its `disconnect()`;
 * whatever awaited the close waited with it. Past the bound the worker is cut off without waiting
 * for that either: its Redis clients disconnected, its timers (stalled jobs, lock renewal) stopped,
 * or they would keep the process alive. A job it had not yet marked done is then taken again by
 * another worker once it counts as stalled, as the job of a crashed process is. Answers whether the
 * worker closed by itself.
 */
export async function closeWorkerWithin(
  worker: Pick<Worker, 'close' | 'disconnect'>,
  withinMs: number,
  warn: (message: string) => void,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const closed = worker.close().then(
    () => true,
    (error: Error) => {
      warn(error.message);
      return true;
    },
  );
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    if (await Promise.race([closed, late])) return true;
    warn(`not closed after ${withinMs} ms, disconnected`);
    void worker.disconnect().catch(() => undefined);
    const internals = worker as unknown as WorkerInternals;
    internals.stalledCheckStopper?.();
    void internals.lockManager?.close().catch(() => undefined);
    const backend = internals.backend;
    for (const connection of [backend?.connection, backend?.blockingConnection]) {
      try {
        connection?._client?.disconnect();
      } catch {
        // already closed
      }
    }
    return false;
  } finally {
    clearTimeout(timer);
  }
}
