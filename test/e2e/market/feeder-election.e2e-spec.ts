import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { Client } from 'pg';
import { FeedService } from '@app/market/price-sources/feed.service';
import { REDIS_CLIENT } from '@app/queue';
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

  it(
    'a feeder keeps its lock while its start takes longer than the lock lives: never two feeders',
    async () => {
      // The history seeding waits for this lock (HistorySeederService) for longer than the feeder
      // lock's 10 seconds, as a first start on a busy machine takes.
      const holder = new Client({ connectionString: process.env.TEST_RUN_DATABASE_URL });
      await holder.connect();
      await holder.query(`SELECT pg_advisory_lock($1)`, [0x6d6b7468]);
      const prefix = `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`;
      const apps: TestApp[] = [];
      let both = 0;
      const sampler = setInterval(() => {
        if (apps.length === 2 && apps.every((a) => a.app.get(FeedService).isFeeder)) both += 1;
      }, 50);
      try {
        apps.push(await createTestApp({ REDIS_PREFIX: prefix, MARKET_TICK_MS: '250' }));
        // The first app leads (and waits for the history lock); the second one starts meanwhile.
        await waitFor(() => apps[0].app.get(FeedService).isFeeder, 10_000, 'the first feeder');
        apps.push(await createTestApp({ REDIS_PREFIX: prefix, MARKET_TICK_MS: '250' }));
        await new Promise((resolve) => setTimeout(resolve, 14_000));
        await holder.query(`SELECT pg_advisory_unlock($1)`, [0x6d6b7468]);
        await waitForFeeder(...apps);
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        expect(both).toBe(0);
        expect(apps.filter((a) => a.app.get(FeedService).isFeeder)).toHaveLength(1);
      } finally {
        clearInterval(sampler);
        await holder.end();
        await Promise.all(apps.map((a) => a.close()));
      }
    },
    FIRST_START_MS,
  );

  it.each([
    ['throws (Redis refused it)', 'throw'],
    ['never answers (Redis hangs)', 'hang'],
  ] as const)(
    'a feeder whose lock renewal %s stops feeding until it wins the lock again',
    async (_, mode) => {
      const prefix = `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`;
      const app = await createTestApp({ REDIS_PREFIX: prefix, MARKET_TICK_MS: '250' });
      try {
        await waitForFeeder(app);
        const feed = app.app.get(FeedService);
        const redis = app.app.get<Redis>(REDIS_CLIENT);
        const newestTick = async () => (await redis.zrange('market:ticks:BTCUSDT', -1, -1, 'WITHSCORES'))[1];
        // Redis fails the feeder lock (renewing and taking it); everything else still works, and the
        // lock can be released (a lock Redis keeps expires in 10 s).
        let failing = true;
        const refuse = () =>
          mode === 'throw'
            ? Promise.reject(new Error('injected: Redis refused'))
            : new Promise(() => undefined);
        const evaluate = redis.eval.bind(redis) as (...args: unknown[]) => Promise<unknown>;
        const set = redis.set.bind(redis) as (...args: unknown[]) => Promise<unknown>;
        jest
          .spyOn(redis, 'eval')
          .mockImplementation((...args: unknown[]) =>
            failing && args[2] === 'market:feeder' && String(args[0]).includes('pexpire')
              ? refuse()
              : evaluate(...args),
          );
        jest
          .spyOn(redis, 'set')
          .mockImplementation(((...args: unknown[]) =>
            failing && args[0] === 'market:feeder' ? refuse() : set(...args)) as never);
        try {
          // The next round (3 s) fails: the process steps down before the lock (10 s) can expire
          // and another process take it, and feeds nothing while it cannot hold the lock.
          await waitFor(() => !feed.isFeeder, 9_000, 'the feeder stepping down');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const last = await newestTick();
          await new Promise((resolve) => setTimeout(resolve, 4_000));
          expect(feed.isFeeder).toBe(false);
          expect(await newestTick()).toBe(last);
          failing = false;
          // Redis answers again: the process wins the lock again and feeds.
          await waitFor(() => feed.isFeeder, 20_000, 'the lock won again');
          await waitFor(async () => Number(await newestTick()) > Number(last), 20_000, 'ticks again');
        } finally {
          failing = false;
          jest.restoreAllMocks();
        }
      } finally {
        await app.close();
      }
    },
    FIRST_START_MS,
  );
});
