import { FeedService } from '@app/market/price-sources/feed.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { FIRST_START_MS, waitFor, waitForFeeder } from './market-support';

describe('market feeder election', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it(
    'a feeder whose start failed (the database refused for a moment) gives the lead back and starts again',
    async () => {
      // The seeder's table is away while the first election runs: the new feeder's start fails.
      const db = await createTestApp({ MARKET_SOURCES: 'none' });
      await db.db.query(`ALTER TABLE market.history_seeds RENAME TO history_seeds_away`);
      try {
        t = await createTestApp({ MARKET_TICK_MS: '250' });
        // The first round ran (it takes the lock at once) and failed on the missing table.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      } finally {
        await db.db.query(`ALTER TABLE market.history_seeds_away RENAME TO history_seeds`);
        await db.close();
      }
      // Prices come within a few election rounds, not never.
      await waitFor(
        async () => (await t!.http().get('/swx/customer/index/getMarketInfo/1')).body.result?.nowPrice,
        FIRST_START_MS / 3,
        'prices after the failed start',
      );
      await waitForFeeder(t);
      expect(t.app.get(FeedService).isFeeder).toBe(true);
    },
    FIRST_START_MS,
  );
});
