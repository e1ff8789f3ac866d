import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { QueueName } from '@app/queue';
import type { TestApp } from './test-app';

/**
 * Waits until the named queues have nothing waiting or running (side effects done). Delayed jobs
 * are not waited for: job schedulers always keep their next run delayed.
 */
export async function waitForQueuesDrained(
  t: TestApp,
  names: QueueName[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const queues = names.map((n) => t.app.get<Queue>(getQueueToken(n)));
  for (;;) {
    const counts = await Promise.all(
      queues.map((q) => q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')),
    );
    if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
    if (Date.now() > deadline) throw new Error(`queues not drained: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
