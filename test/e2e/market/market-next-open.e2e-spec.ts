import { Clock } from '@app/common';
import { MarketClock } from '@app/market/instruments/market-clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { createTestInstrument } from './market-support';

const INDEX = '/swx/customer/index';
const ORDER = '/swx/customer/order';

/*
 * getMarketInfo tells when a closed market opens next (`nextOpenAt`) and when an open one closes
 * next (`nextCloseAt`, `nextCloseEarly` for an early close), from its hours and the seeded market
 * closures of its type (NYSE: Christmas Eve 2026 closes at 13:00 New York, Christmas Day, a Friday,
 * is closed; CME futures: Good Friday closed, Christmas Eve halts at 13:15 New York; forex: 13:00 on
 * 24 and 31 December). The market's clock is moved onto those days as the market-closures test moves it; the
 * seeded calendar is only read. No feed: the times do not depend on prices.
 */
describe('market: next open and close in the market info', () => {
  let t: TestApp;
  let token: string;
  let stock: number;
  let crypto: number;
  let futures: number;
  let forex: number;
  const created: number[] = [];
  let restoreClocks: () => void = () => undefined;

  const setClocks = (iso: string) => {
    restoreClocks();
    const at = new Date(iso);
    const market = jest.spyOn(t.app.get(MarketClock), 'now').mockImplementation(() => at);
    const orders = t.app.get(Clock);
    orders.set(at);
    restoreClocks = () => {
      market.mockRestore();
      orders.set(new Date());
      restoreClocks = () => undefined;
    };
  };

  /** The market info's hours fields at the clocks' time. */
  const next = async (id: number) => {
    const res = await t.http().get(`${INDEX}/getMarketInfo/${id}`);
    expect(res.body.code).toBe(200);
    const { nextOpenAt, nextCloseAt, nextCloseEarly } = res.body.result as Record<string, unknown>;
    return { nextOpenAt, nextCloseAt, nextCloseEarly };
  };

  const idOf = async (type: number, code: string) => {
    const list = await t.http().get(`${INDEX}/listMarketByType`).query({ type, pageNum: 1, pageSize: 100 });
    return (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === code)!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    token = login.body.result.token;
    stock = await idOf(6, 'AAPL');
    crypto = await idOf(2, 'BTCUSDT');
    futures = await idOf(4, 'US500');
    forex = await idOf(1, 'EURUSD');
  });

  afterAll(async () => {
    restoreClocks();
    // Later apps of the worker's run read the catalogue at boot: leave the instruments suspended.
    for (const id of created)
      await t
        .http()
        .put(`/swx/admin/instruments/${id}`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ status: 'suspended' });
    await t?.close();
  });

  it('a stock on a weekend opens on Monday at 09:30 New York', async () => {
    // Saturday 2026-06-13 noon UTC: Monday the 15th, 13:30 UTC (EDT).
    setClocks('2026-06-13T12:00:00Z');
    expect(await next(stock)).toEqual({
      nextOpenAt: '2026-06-15T13:30:00.000Z',
      nextCloseAt: null,
      nextCloseEarly: false,
    });
  });

  it('a stock on a holiday before a weekend: Christmas Day 2026 opens on Monday the 28th', async () => {
    setClocks('2026-12-25T15:00:00Z');
    expect(await next(stock)).toEqual({
      nextOpenAt: '2026-12-28T14:30:00.000Z',
      nextCloseAt: null,
      nextCloseEarly: false,
    });
  });

  it('an early-close day: Christmas Eve closes early at 13:00 New York; a regular day at 16:00', async () => {
    setClocks('2026-12-24T15:00:00Z');
    const info = (await t.http().get(`${INDEX}/getMarketInfo/${stock}`)).body.result;
    // The fields it had are still there.
    expect(info).toMatchObject({ code: 'AAPL', type: 6, tradingHours: expect.any(Object) });
    expect(typeof info.tradable).toBe('boolean');
    expect(await next(stock)).toEqual({
      nextOpenAt: '2026-12-28T14:30:00.000Z',
      nextCloseAt: '2026-12-24T18:00:00.000Z',
      nextCloseEarly: true,
    });
    // After the early close it is closed until Monday.
    setClocks('2026-12-24T18:30:00Z');
    expect(await next(stock)).toEqual({
      nextOpenAt: '2026-12-28T14:30:00.000Z',
      nextCloseAt: null,
      nextCloseEarly: false,
    });
    setClocks('2026-12-23T15:00:00Z');
    expect(await next(stock)).toEqual({
      nextOpenAt: '2026-12-24T14:30:00.000Z',
      nextCloseAt: '2026-12-23T21:00:00.000Z',
      nextCloseEarly: false,
    });
  });

  it('futures on Good Friday: closed, an order refused with 10015; no evening session the Thursday before', async () => {
    const user = { Authorization: `Bearer ${(await registerUser(t)).token}`, virtually: 'NO' };
    const order = async () =>
      (
        await t
          .http()
          .post(`${ORDER}/buyU`)
          .set(user)
          .send({ code: 'US500', direction: 'buy', lots: '0.01', leverage: 10 })
      ).body.code as number;
    const tradable = async () =>
      (await t.http().get(`${INDEX}/getMarketInfo/${futures}`)).body.result.tradable as boolean;
    // Good Friday 2026-04-03, 10:00 New York: closed until Sunday 18:00 (22:00 UTC).
    setClocks('2026-04-03T14:00:00Z');
    expect(await order()).toBe(10015);
    expect(await tradable()).toBe(false);
    expect(await next(futures)).toEqual({
      nextOpenAt: '2026-04-05T22:00:00.000Z',
      nextCloseAt: null,
      nextCloseEarly: false,
    });
    // Thursday 18:30 New York: the evening session for Friday's trade date does not open.
    setClocks('2026-04-02T22:30:00Z');
    expect(await order()).toBe(10015);
    // Thursday 11:00 New York trades, and closes at its regular 17:00 (21:00 UTC) for the weekend.
    setClocks('2026-04-02T15:00:00Z');
    expect(await next(futures)).toEqual({
      nextOpenAt: '2026-04-05T22:00:00.000Z',
      nextCloseAt: '2026-04-02T21:00:00.000Z',
      nextCloseEarly: false,
    });
    // The order passes the hours there and meets the price: none in this app without a feed (404),
    // or bought (20004) when another file of this worker's run left a US500 price in Redis.
    expect([404, 20004]).toContain(await order());
  });

  it('futures and forex on Christmas Eve 2026: nextCloseEarly, at 13:15 and 13:00 New York', async () => {
    // Thursday 2026-12-24, 10:00 New York (EST). CME Globex halts at 12:15 CT (18:15 UTC).
    setClocks('2026-12-24T15:00:00Z');
    expect(await next(futures)).toEqual({
      nextOpenAt: '2026-12-27T23:00:00.000Z',
      nextCloseAt: '2026-12-24T18:15:00.000Z',
      nextCloseEarly: true,
    });
    expect(await next(forex)).toEqual({
      nextOpenAt: '2026-12-27T22:00:00.000Z',
      nextCloseAt: '2026-12-24T18:00:00.000Z',
      nextCloseEarly: true,
    });
    // New Year's Eve: forex early at 13:00; futures at their regular 17:00 (not early), without
    // the evening session of New Year's Day.
    setClocks('2026-12-31T15:00:00Z');
    expect(await next(forex)).toEqual({
      nextOpenAt: '2027-01-03T22:00:00.000Z',
      nextCloseAt: '2026-12-31T18:00:00.000Z',
      nextCloseEarly: true,
    });
    expect(await next(futures)).toEqual({
      nextOpenAt: '2027-01-03T23:00:00.000Z',
      nextCloseAt: '2026-12-31T22:00:00.000Z',
      nextCloseEarly: false,
    });
  });

  it('crypto never closes: no next open or close', async () => {
    setClocks('2026-12-25T15:00:00Z');
    expect(await next(crypto)).toEqual({ nextOpenAt: null, nextCloseAt: null, nextCloseEarly: false });
  });

  it('an always-open metal closes at the midnight of its type’s holiday; once suspended, nothing to tell', async () => {
    const { id } = await createTestInstrument(t, token, 'N');
    created.push(id);
    // Its hours are in UTC, so its type's closures are UTC dates and times: 23 December trades to
    // midnight, Christmas Eve closes early at 13:00 (UTC) and Christmas Day is closed.
    setClocks('2026-12-23T12:00:00Z');
    expect(await next(id)).toEqual({
      nextOpenAt: '2026-12-26T00:00:00.000Z',
      nextCloseAt: '2026-12-24T13:00:00.000Z',
      nextCloseEarly: true,
    });
    setClocks('2026-12-25T12:00:00Z');
    expect(await next(id)).toEqual({
      nextOpenAt: '2026-12-26T00:00:00.000Z',
      nextCloseAt: null,
      nextCloseEarly: false,
    });
    const suspended = await t
      .http()
      .put(`/swx/admin/instruments/${id}`)
      .set({ Authorization: `Bearer ${token}` })
      .send({ status: 'suspended' });
    expect(suspended.body.code).toBe(200);
    const quiet = { nextOpenAt: null, nextCloseAt: null, nextCloseEarly: false };
    const deadline = Date.now() + 15_000;
    while (JSON.stringify(await next(id)) !== JSON.stringify(quiet) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await next(id)).toEqual(quiet);
  });
});
