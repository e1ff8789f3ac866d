import { KlinesService } from '@app/market/klines/klines.service';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { FIRST_START_MS, waitFor, waitForFeeder } from './market-support';

const DAY_MS = 86_400_000;

/*
 * market.klines: the 1-minute candles are kept MARKET_MINUTE_CANDLE_DAYS (90 by default) and the
 * feeder deletes older ones in batches (at its start, then hourly); the coarser candles are kept.
 * The 24-hour references of every minute read one candle per instrument, not a week of them.
 */
describe('market: retention of the 1-minute candles, cheap references', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TICK_MS: '250' });
    await waitForFeeder(t);
  }, FIRST_START_MS + 30_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('the references read about one 1-minute candle per instrument (not 7 days of them), with the same answer', async () => {
    const klines = t.app.get(KlinesService);
    const at = new Date(Date.now() - DAY_MS);
    // The statement closesAt runs, explained with its real row counts.
    const query = jest.spyOn(t.db, 'query');
    const closes = await klines.closesAt(at);
    const [sql, params] = query.mock.calls.find(([q]) => String(q).includes('market.klines'))!;
    query.mockRestore();
    const [{ 'QUERY PLAN': plan }]: { 'QUERY PLAN': unknown[] }[] = await t.db.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      params,
    );
    let read = 0;
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'klines')
        read +=
          (Number(node['Actual Rows']) + Number(node['Rows Removed by Filter'] ?? 0)) *
          Number(node['Actual Loops']);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((plan[0] as { Plan: Record<string, unknown> }).Plan);
    const instruments = t.app.get(PriceService).instruments().length;
    expect(closes.size).toBeGreaterThanOrEqual(20);
    expect(read).toBeLessThanOrEqual(instruments * 3);
    // The answer: per instrument, the close of the last 1-minute candle opened at or before `at`.
    const btc = t.app.get(PriceService).instrument('BTCUSDT');
    const [last]: { close: string }[] = await t.db.query(
      `SELECT close::text FROM market.klines WHERE instrument_id = $1 AND period = '1m' AND open_time <= $2
        ORDER BY open_time DESC LIMIT 1`,
      [btc.id, at.toISOString()],
    );
    expect(closes.get(btc.id)?.toFixed()).toBe(last.close.replace(/\.?0+$/, ''));
  });

  it('deletes the 1-minute candles past the retention in batches, keeps the coarser ones and the recent ones', async () => {
    const klines = t.app.get(KlinesService);
    const btc = t.app.get(PriceService).instrument('BTCUSDT');
    const old = Date.now() - 200 * DAY_MS;
    const minute = (n: number) => new Date(old + n * 60_000).toISOString();
    // 25 old 1-minute candles, an old hour and an old day, and a 1-minute candle of 80 days ago.
    for (let n = 0; n < 25; n += 1)
      await t.db.query(
        `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close)
         VALUES ($1, '1m', $2, 1, 1, 1, 1) ON CONFLICT DO NOTHING`,
        [btc.id, minute(n)],
      );
    await t.db.query(
      `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close)
       VALUES ($1, '1h', $2, 1, 1, 1, 1), ($1, '1d', $3, 1, 1, 1, 1), ($1, '1m', $4, 1, 1, 1, 1)
       ON CONFLICT DO NOTHING`,
      [
        btc.id,
        minute(0),
        new Date(old - (old % DAY_MS)).toISOString(),
        new Date(Date.now() - 80 * DAY_MS).toISOString(),
      ],
    );
    // This attempt's rows only (a retry of the test inserts its own).
    const count = async (period: string, from: number, to: number) =>
      Number(
        (
          await t.db.query(
            `SELECT count(*)::int AS n FROM market.klines
              WHERE instrument_id = $1 AND period = $2 AND open_time >= $3 AND open_time < $4`,
            [btc.id, period, new Date(from).toISOString(), new Date(to).toISOString()],
          )
        )[0].n,
      );
    const day = old - (old % DAY_MS);
    expect(await count('1m', old, old + DAY_MS)).toBe(25);
    const left = (await count('1m', 0, Date.now() - 90 * DAY_MS)) - 25;
    // Batches of 10: three of them, 25 rows (and whatever a first attempt of this test left).
    expect(await klines.purgeMinuteCandles(new Date(Date.now() - 90 * DAY_MS), 10)).toBe(left + 25);
    expect(await count('1m', 0, Date.now() - 90 * DAY_MS)).toBe(0);
    expect(await count('1h', old, old + 1)).toBe(1);
    expect(await count('1d', day, day + 1)).toBe(1);
    expect(await count('1m', Date.now() - 81 * DAY_MS, Date.now() - 79 * DAY_MS)).toBeGreaterThanOrEqual(1);
  });

  it(
    'the feeder deletes them at its start with the configured retention (90 days by default)',
    async () => {
      expect(t.config.MARKET_MINUTE_CANDLE_DAYS).toBe(90);
      const btc = t.app.get(PriceService).instrument('BTCUSDT');
      const at = new Date(Date.now() - 120 * DAY_MS).toISOString();
      await t.db.query(
        `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close)
       VALUES ($1, '1m', $2, 1, 1, 1, 1) ON CONFLICT DO NOTHING`,
        [btc.id, at],
      );
      // A second process of the deployment becomes the feeder when the first one stops.
      const second = await createTestApp({ REDIS_PREFIX: t.config.REDIS_PREFIX, MARKET_TICK_MS: '250' });
      try {
        await t.close();
        await waitForFeeder(second);
        await waitFor(
          async () =>
            (
              await second.db.query(
                `SELECT 1 FROM market.klines WHERE instrument_id = $1 AND period = '1m' AND open_time = $2`,
                [btc.id, at],
              )
            ).length === 0,
          30_000,
          'the old candle deleted',
        );
      } finally {
        t = second;
      }
    },
    FIRST_START_MS,
  );
});
