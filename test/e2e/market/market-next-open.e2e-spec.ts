import { Clock } from '@app/common';
import { MarketClock } from '@app/market/instruments/market-clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createTestInstrument } from './market-support';

const INDEX = '/swx/customer/index';

/*
 * getMarketInfo tells when a closed market opens next (`nextOpenAt`) and when an open one closes
 * next (`nextCloseAt`, `nextCloseEarly` for an early close), from its hours and the seeded market
 * closures of its type (NYSE: Christmas Eve 2026 closes at 13:00 New York, Christmas Day, a Friday,
 * is closed). The market's clock is moved onto those days as the market-closures test moves it; the
 * seeded calendar is only read. No feed: the times do not depend on prices.
 */
describe('market: next open and close in the market info', () => {
  let t: TestApp;
  let token: string;
  let stock: number;
  let crypto: number;
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

  it('crypto never closes: no next open or close', async () => {
    setClocks('2026-12-25T15:00:00Z');
    expect(await next(crypto)).toEqual({ nextOpenAt: null, nextCloseAt: null, nextCloseEarly: false });
  });

  it('an always-open metal closes at the midnight of its type’s holiday; once suspended, nothing to tell', async () => {
    const { id } = await createTestInstrument(t, token, 'N');
    created.push(id);
    setClocks('2026-12-24T12:00:00Z');
    expect(await next(id)).toEqual({
      nextOpenAt: '2026-12-26T00:00:00.000Z',
      nextCloseAt: '2026-12-25T00:00:00.000Z',
      nextCloseEarly: true,
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
