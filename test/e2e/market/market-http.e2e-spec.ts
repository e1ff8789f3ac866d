import Decimal from 'decimal.js';
import { MarketClock } from '@app/market/instruments/market-clock';
import { KlinesService } from '@app/market/klines/klines.service';
import { MarketDataService } from '@app/market/prices/market-data.service';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { FIRST_START_MS, waitForFeeder } from './market-support';

const INDEX = '/swx/customer/index';
// A Saturday noon UTC: forex, futures, stocks, ETF and metals are all closed.
const SATURDAY = new Date('2024-06-15T12:00:00Z');
// A Wednesday 15:00 UTC: every market is open.
const WEDNESDAY = new Date('2024-06-12T15:00:00Z');

describe('market HTTP /swx/customer/index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TICK_MS: '250' });
    await waitForFeeder(t);
  }, FIRST_START_MS + 30_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  describe('GET listMarketByType', () => {
    it('400 for a missing or unknown type, bad paging or unknown fields', async () => {
      for (const query of [
        '',
        '?type=3',
        '?type=abc',
        '?type=2&pageNum=0',
        '?type=2&pageSize=101',
        '?type=2&x=1',
      ]) {
        const res = await t.http().get(`${INDEX}/listMarketByType${query}`);
        expect({ query, code: res.body.code }).toEqual({ query, code: 400 });
      }
    });

    it('pages the crypto list: at least 20 pairs against USDT with prices and the last 100 prices', async () => {
      const res = await t.http().get(`${INDEX}/listMarketByType?type=2&pageNum=1&pageSize=20`);
      expect(res.body.code).toBe(200);
      expect(res.body.result.total).toBeGreaterThanOrEqual(20);
      expect(res.body.result.list).toHaveLength(20);
      const btc = res.body.result.list.find((i: { code: string }) => i.code === 'BTCUSDT');
      expect(btc).toMatchObject({ type: 2, appName: 'Bitcoin', logo: '/assets/logos/BTCUSDT.svg' });
      expect(btc.nowPrice).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(btc.price).toMatch(/^\d+(\.\d+)?$/);
      expect(btc.zdf).toMatch(/^-?\d+\.\d{2}$/);
      expect(btc.hundred.length).toBeGreaterThan(0);
      expect(btc.hundred.length).toBeLessThanOrEqual(100);
      const page2 = await t.http().get(`${INDEX}/listMarketByType?type=2&pageNum=2&pageSize=15`);
      expect(page2.body.result.list).toHaveLength(res.body.result.total - 15);
      for (const type of [1, 4, 5, 6, 7]) {
        const list = await t.http().get(`${INDEX}/listMarketByType?type=${type}`);
        expect(list.body.result.total).toBeGreaterThanOrEqual(2);
      }
    });

    it('serves the logos as SVG', async () => {
      const res = await t.http().get('/assets/logos/BTCUSDT.svg');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect((await t.http().get('/assets/logos/..%2F..%2Fpackage.json')).body.code).toBe(404);
      expect((await t.http().get('/assets/logos/NOPE.svg')).body.code).toBe(404);
    });
  });

  describe('GET getMarketInfo/:id', () => {
    it('400 for a malformed id, 404 for an unknown one', async () => {
      expect((await t.http().get(`${INDEX}/getMarketInfo/abc`)).body.code).toBe(400);
      expect((await t.http().get(`${INDEX}/getMarketInfo/999999`)).body.code).toBe(404);
    });

    it('shows the instrument details and whether it trades now (market clock)', async () => {
      const list = await t.http().get(`${INDEX}/listMarketByType?type=6&pageSize=100`);
      const aapl = list.body.result.list.find((i: { code: string }) => i.code === 'AAPL');
      // A fresh tick, whatever the real time: `tradable` also asks for a live feed (the simulator
      // feeds AAPL only in its hours, and stamps its ticks with the moved clock).
      const prices = t.app.get(PriceService);
      const last = await prices.lastPrice('AAPL');
      expect(
        await prices.publishTick({ code: 'AAPL', price: last.toFixed(), ts: Date.now() }),
      ).not.toBeNull();
      const clock = jest.spyOn(t.app.get(MarketClock), 'now').mockReturnValue(SATURDAY);
      const closed = await t.http().get(`${INDEX}/getMarketInfo/${aapl.id}`);
      expect(closed.body.result).toMatchObject({
        id: aapl.id,
        code: 'AAPL',
        type: 6,
        pricePrecision: 2,
        contractSize: '1',
        spread: '0.02',
        leverages: [1, 2, 5, 10, 20],
        tradable: false,
      });
      expect(closed.body.result.tradingHours).toMatchObject({ timezone: 'America/New_York' });
      expect(closed.body.result.tradingHours.sessions).toContainEqual({
        open: 'Mon 09:30',
        close: 'Mon 16:00',
      });
      clock.mockReturnValue(WEDNESDAY);
      expect((await t.http().get(`${INDEX}/getMarketInfo/${aapl.id}`)).body.result.tradable).toBe(true);
      // 09:30 New York is 13:30 UTC in summer and 14:30 UTC in winter.
      for (const [iso, tradable] of [
        ['2024-06-12T13:45:00Z', true],
        ['2024-06-12T20:15:00Z', false],
        ['2024-01-10T13:45:00Z', false],
        ['2024-01-10T20:15:00Z', true],
      ] as const) {
        clock.mockReturnValue(new Date(iso));
        const info = await t.http().get(`${INDEX}/getMarketInfo/${aapl.id}`);
        expect({ iso, tradable: info.body.result.tradable }).toEqual({ iso, tradable });
      }
      clock.mockRestore();
    });
  });

  describe('PriceService', () => {
    it('refuses a stock and a forex pair outside their hours with 10015; crypto trades on Saturday', () => {
      const prices = t.app.get(PriceService);
      expect(() => prices.assertTradable('AAPL', SATURDAY)).toThrow(expect.objectContaining({ code: 10015 }));
      expect(() => prices.assertTradable('EURUSD', SATURDAY)).toThrow(
        expect.objectContaining({ code: 10015 }),
      );
      expect(() => prices.assertTradable('BTCUSDT', SATURDAY)).not.toThrow();
      expect(prices.isTradable('EURUSD', WEDNESDAY)).toBe(true);
      expect(() => prices.isTradable('NOPE')).toThrow(expect.objectContaining({ code: 404 }));
    });

    it('drops a tick that is no price or no time alone: the ticks of the same batch pass', async () => {
      const prices = t.app.get(PriceService);
      const btc = (await prices.lastPrice('BTCUSDT')).toFixed();
      const now = Date.now();
      // One event-loop turn: the four are written as one batch.
      const answers = await Promise.allSettled([
        prices.publishTick({ code: 'ETHUSDT', price: 'abc', ts: now }),
        prices.publishTick({ code: 'SOLUSDT', price: 'NaN', ts: now }),
        prices.publishTick({ code: 'XRPUSDT', price: '0.5', ts: Number.NaN }),
        prices.publishTick({ code: 'BTCUSDT', price: btc, ts: now }),
      ]);
      expect(answers.map((a) => (a.status === 'fulfilled' ? (a.value?.price ?? null) : 'rejected'))).toEqual([
        null,
        null,
        null,
        expect.stringMatching(/^\d+(\.\d+)?$/),
      ]);
    });

    it('quotes bid and ask around the last price with the spread', async () => {
      const prices = t.app.get(PriceService);
      // A live price whatever the real time (a quote needs a fresh feed; forex closes at weekends).
      const last = await prices.lastPrice('EURUSD');
      expect(
        await prices.publishTick({ code: 'EURUSD', price: last.toFixed(), ts: Date.now() }),
      ).not.toBeNull();
      const q = await prices.quote('EURUSD');
      expect(q.ask.minus(q.bid).gte(new Decimal('0.00012'))).toBe(true);
      expect(q.bid.lt(q.price) && q.ask.gt(q.price)).toBe(true);
      expect((await prices.lastPrice('BTCUSDT')).gt(0)).toBe(true);
    });
  });

  describe('GET getKValueByCodeAndDate', () => {
    it('400 for missing or bad parameters, 404 for an unknown code', async () => {
      for (const query of [
        '',
        '?code=BTCUSDT',
        '?code=BTCUSDT&period=2m',
        '?code=btc-usdt&period=1m',
        '?code=BTCUSDT&period=1m&from=yesterday',
        '?code=BTCUSDT&period=1m&from=2024-06-12T10:00:00Z&to=2024-06-11T10:00:00Z',
        '?code=BTCUSDT&period=1m&limit=5000',
        '?code=BTCUSDT&period=1h&date=2026-02-30',
        '?code=BTCUSDT&period=1h&date=27.11.2026',
        '?code=BTCUSDT&period=1h&date=2026-11-27&from=2026-11-26',
        // Times the database cannot store, and a day February does not have (not read as 1 March).
        '?code=BTCUSDT&period=1m&from=0000-01-01',
        '?code=BTCUSDT&period=1m&to=999999999999999',
        '?code=BTCUSDT&period=1m&from=0&to=253402300800000',
        '?code=BTCUSDT&period=1h&date=0000-01-01',
        '?code=BTCUSDT&period=1m&from=2024-02-30T10:00:00Z',
      ]) {
        const res = await t.http().get(`${INDEX}/getKValueByCodeAndDate${query}`);
        expect({ query, code: res.body.code }).toEqual({ query, code: 400 });
      }
      expect((await t.http().get(`${INDEX}/getKValueByCodeAndDate?code=NOPE&period=1m`)).body.code).toBe(404);
      const rolled = await t
        .http()
        .get(`${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&period=1m&to=2023-02-29`);
      expect(rolled.body).toMatchObject({ code: 400, result: [expect.objectContaining({ field: 'to' })] });
    });

    it('has 30 days of history so that charts are never empty', async () => {
      const from = Date.now() - 29 * 86_400_000;
      const res = await t.http().get(`${INDEX}/getKValueByCodeAndDate?code=ETHUSDT&period=1d&from=${from}`);
      expect(res.body.result.length).toBeGreaterThanOrEqual(28);
      const minutes = await t.http().get(`${INDEX}/getKValueByCodeAndDate?code=ETHUSDT&period=1m&limit=60`);
      // Up to the last minute: a slow first start may leave a few minutes before the live feed began.
      expect(minutes.body.result.length).toBeGreaterThanOrEqual(50);
      expect(minutes.body.result.length).toBeLessThanOrEqual(60);
      // By date (the route's name): the hourly candles that open on one UTC day, and only those.
      const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const hours = await t.http().get(`${INDEX}/getKValueByCodeAndDate?code=ETHUSDT&period=1h&date=${day}`);
      expect(hours.body.result).toHaveLength(24);
      expect(new Date(hours.body.result[0].time).toISOString()).toBe(`${day}T00:00:00.000Z`);
      expect(new Date(hours.body.result[23].time).toISOString()).toBe(`${day}T23:00:00.000Z`);
      expect(minutes.body.result[0]).toEqual({
        time: expect.any(Number),
        open: expect.stringMatching(/^\d+(\.\d+)?$/),
        high: expect.any(String),
        low: expect.any(String),
        close: expect.any(String),
        volume: expect.any(String),
      });
    });

    it('keeps the candles of a write the database refused and writes them with the next one', async () => {
      const base = Date.parse('2021-05-05T10:00:00Z');
      const service = t.app.get(PriceService);
      const klines = t.app.get(KlinesService);
      // The database refuses candles of that day for a while, as it does in a failover.
      await t.db.query(
        `ALTER TABLE market.klines ADD CONSTRAINT klines_refuse_test
           CHECK (open_time < '2021-05-05' OR open_time >= '2021-05-06') NOT VALID`,
      );
      try {
        await service.publishTick({ code: 'BTCUSDT', price: '50000.10', ts: base });
        await service.publishTick({ code: 'BTCUSDT', price: '50100.00', ts: base + 10_000 });
        await klines.flush();
      } finally {
        await t.db.query(`ALTER TABLE market.klines DROP CONSTRAINT klines_refuse_test`);
      }
      await service.publishTick({ code: 'BTCUSDT', price: '49900.00', ts: base + 20_000 });
      await klines.flush();
      const res = await t
        .http()
        .get(
          `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&period=1m&from=2021-05-05T09:00:00Z&to=2021-05-05T11:00:00Z`,
        );
      expect(res.body.result).toEqual([
        { time: base, open: '50000.1', high: '50100', low: '49900', close: '49900', volume: '3' },
      ]);
    });

    it('candles agree with the ticks: open first, close last, high and low bound every tick', async () => {
      // A window of 2021 that neither the history nor the live feed touches; prices near BTC's so
      // that the feed guard (a tick more than 2x from the last one is dropped) lets them through.
      const base = Date.parse('2021-03-03T10:00:00Z');
      const prices = ['50000.10', '50010.55', '49990.00', '50005.25', '50020.75', '49985.50', '50001.00'];
      const service = t.app.get(PriceService);
      const klines = t.app.get(KlinesService);
      // Two flushes in the middle: the upsert must merge partial candles.
      for (const [i, price] of prices.entries()) {
        await service.publishTick({ code: 'BTCUSDT', price, ts: base + i * 20_000 });
        if (i === 2 || i === 4) await klines.flush();
      }
      await klines.flush();
      const query = (period: string) =>
        t
          .http()
          .get(
            `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&period=${period}&from=2021-03-03T09:00:00Z&to=2021-03-03T11:00:00Z`,
          );
      const minutes = (await query('1m')).body.result;
      expect(minutes).toEqual([
        { time: base, open: '50000.1', high: '50010.55', low: '49990', close: '49990', volume: '3' },
        {
          time: base + 60_000,
          open: '50005.25',
          high: '50020.75',
          low: '49985.5',
          close: '49985.5',
          volume: '3',
        },
        { time: base + 120_000, open: '50001', high: '50001', low: '50001', close: '50001', volume: '1' },
      ]);
      for (const period of ['5m', '15m', '1h']) {
        const [candle] = (await query(period)).body.result;
        expect(candle).toEqual({
          time: base,
          open: '50000.1',
          high: '50020.75',
          low: '49985.5',
          close: '50001',
          volume: '7',
        });
      }
    });
  });
});

describe('market list of instruments that do not tick (closed, or fed by no source of this deployment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'simulator:BTCUSDT', MARKET_TICK_MS: '250' });
    await waitForFeeder(t);
  }, FIRST_START_MS + 30_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const eth = async () => {
    const list = await t.http().get(`${INDEX}/listMarketByType?type=2&pageSize=100`);
    return list.body.result.list.find((i: { code: string }) => i.code === 'ETHUSDT') as {
      price: string;
      nowPrice: string;
      zdf: string;
    };
  };

  it('zdf is the change from price (24 hours ago) to nowPrice, also when the reference moved without a tick', async () => {
    const before = await eth();
    // The reference of six hours later: the close 18 hours ago; ETHUSDT gets no tick meanwhile.
    const clock = jest
      .spyOn(t.app.get(MarketClock), 'now')
      .mockReturnValue(new Date(Date.now() + 6 * 3_600_000));
    await t.app.get(MarketDataService).refreshReferences();
    clock.mockRestore();
    const after = await eth();
    expect(after.nowPrice).toBe(before.nowPrice);
    expect(after.price).not.toBe(before.price);
    const change = (i: typeof after) =>
      new Decimal(i.nowPrice).minus(i.price).div(i.price).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
    expect([before.zdf, after.zdf]).toEqual([change(before), change(after)]);
  });
});
