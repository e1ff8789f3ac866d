import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Clock } from '@app/common';
import { PlanSettlementService, SETTLEMENT_CHUNK } from '@app/orders';
import { JobName, QueueName } from '@app/queue';
import { createPlans, DAY_MS, planProblems } from '../../reliability/faults-support';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';

/** More due plans than one page of the scan holds (10 chunks of 500). */
const PLANS = 5_200;

/**
 * The settlement scan reads the due plans a page at a time (keyset on the id) and queues each
 * page's chunks before it reads the next: every due plan lands in exactly one chunk, and the scan
 * job on the real queue pays each of them once.
 */
describe('plan settlement scan in pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts every due plan in one chunk of one page, in id order, and the scan pays each once', async () => {
    // Plans that start far ahead, so that no other test file's scan on this shared database (on
    // its own clock) pays them first; this app's clock is set to a minute past their first day.
    const startedAt = new Date(Date.now() + 1000 * DAY_MS);
    const now = new Date(startedAt.getTime() + DAY_MS + 60_000);
    const ids = await createPlans(t, PLANS, startedAt);
    const pages: string[][][] = [];
    for await (const page of t.app.get(PlanSettlementService).dueChunks(now)) pages.push(page);

    // Other test files' plans may be due at that time too: ours are among the pages.
    const chunks = pages.flat();
    const scanned = chunks.flat();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.every((p) => p.length <= 10)).toBe(true);
    expect(chunks.every((c) => c.length > 0 && c.length <= SETTLEMENT_CHUNK)).toBe(true);
    expect(new Set(scanned).size).toBe(scanned.length);
    expect(scanned.map(BigInt)).toEqual(
      [...scanned.map(BigInt)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const inScan = new Set(scanned);
    expect(ids.filter((id) => !inScan.has(id))).toEqual([]);

    t.app.get(Clock).set(now);
    const queue = t.app.get<Queue>(getQueueToken(QueueName.PlanSettlement));
    await queue.add(JobName.PlanSettleScan, {});
    await waitForQueuesDrained(t, [QueueName.PlanSettlement], 120_000);
    expect(await planProblems(t, ids, 1)).toEqual([]);
  }, 180_000);
});
