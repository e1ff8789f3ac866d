import { Clock } from '@app/common';
import { PriceService } from '@app/market';
import { MarketClock } from '@app/market/instruments/market-clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { createTestInstrument, FIRST_START_MS, waitFor, waitForFeeder } from './market-support';

const ADMIN = '/swx/admin/market-closures';
const INDEX = '/swx/customer/index';
const ORDER = '/swx/customer/order';
const DAY_MS = 86_400_000;

/*
 * Market closures (holidays, early closes) per instrument type, kept by operators: on a closure
 * the type's instruments are closed as outside their hours (10015, `tradable` false), the
 * simulator does not tick them. Nothing here depends on the day it runs: the closures the tests
 * make are for a day ten days after the real one, and both clocks (the market's and the orders')
 * are moved onto it. The test instrument is a metal (type 7) open all hours, so its dates are UTC
 * ones; the seeded calendar is only read. Every closure made is deleted afterwards (later files of
 * the worker share the database).
 */
describe('market closures (admin API, orders, simulator)', () => {
  let t: TestApp;
  let token: string;
  let headers: Record<string, string>;
  let instrument: { id: number; code: string };
  const made: number[] = [];
  const auth = () => ({ Authorization: `Bearer ${token}` });
  // A day ten days from now (UTC) or the first after it without a seeded metals closure (the
  // calendar has some in late December), and times on it.
  let day = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
  const on = (time: string) => new Date(`${day}T${time}:00Z`);
  let restoreClocks: () => void = () => undefined;

  const setClocks = (at: Date) => {
    restoreClocks();
    const market = jest.spyOn(t.app.get(MarketClock), 'now').mockImplementation(() => at);
    const orders = t.app.get(Clock);
    orders.set(at);
    restoreClocks = () => {
      market.mockRestore();
      orders.set(new Date());
      restoreClocks = () => undefined;
    };
  };

  const create = (body: Record<string, unknown>) => t.http().post(ADMIN).set(auth()).send(body);

  /** What the market info says and what an order meets, at the clocks' time. */
  const both = async () => {
    const info = await t.http().get(`${INDEX}/getMarketInfo/${instrument.id}`);
    const order = await t
      .http()
      .post(`${ORDER}/buyU`)
      .set(headers)
      .send({ code: instrument.code, direction: 'buy', lots: '0.01', leverage: 10 });
    return { tradable: info.body.result.tradable as boolean, order: order.body.code as number };
  };

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TICK_MS: '200', MARKET_STALE_SECONDS: '120' });
    await waitForFeeder(t);
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    token = login.body.result.token;
    headers = { Authorization: `Bearer ${(await registerUser(t)).token}`, virtually: 'NO' };
    const taken = await t
      .http()
      .get(ADMIN)
      .query({
        filter: JSON.stringify({
          type: 7,
          from: day,
          to: new Date(Date.parse(`${day}T00:00:00Z`) + 60 * DAY_MS).toISOString().slice(0, 10),
        }),
        range: '[0,99]',
      })
      .set(auth());
    const seeded = new Set((taken.body.result as { day: string }[]).map((c) => c.day));
    while (seeded.has(day))
      day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    instrument = await createTestInstrument(t, token, 'C');
    const prices = t.app.get(PriceService);
    await waitFor(
      () =>
        prices.quote(instrument.code).then(
          () => true,
          () => false,
        ),
      30_000,
      'the test instrument fed',
    );
  }, FIRST_START_MS + 60_000);

  afterAll(async () => {
    restoreClocks();
    for (const id of made) await t.http().delete(`${ADMIN}/${id}`).set(auth());
    if (instrument)
      await t.http().put(`/swx/admin/instruments/${instrument.id}`).set(auth()).send({ status: 'suspended' });
    await t?.close();
  });

  it('is for admins only', async () => {
    expect((await t.http().get(ADMIN)).body.code).toBe(401);
    expect((await t.http().post(ADMIN).send({ type: 7, day, name: 'x' })).body.code).toBe(401);
  });

  it('lists the seeded exchange calendar: NYSE holidays with early closes for stocks and ETF, year end for forex', async () => {
    const filter = (f: object) =>
      t
        .http()
        .get(ADMIN)
        .query({ filter: JSON.stringify(f), range: '[0,99]' })
        .set(auth());
    const stocks = await filter({ type: 6, from: '2026-11-01', to: '2027-01-31' });
    expect(stocks.body.code).toBe(200);
    expect(stocks.headers['content-range']).toMatch(/^market-closures 0-\d+\/\d+$/);
    expect(
      (stocks.body.result as { day: string; closesAt: string | null }[]).map((c) => [c.day, c.closesAt]),
    ).toEqual([
      ['2026-11-26', null],
      ['2026-11-27', '13:00'],
      ['2026-12-24', '13:00'],
      ['2026-12-25', null],
      ['2027-01-01', null],
      ['2027-01-18', null],
    ]);
    const etf = await filter({ type: 5, from: '2027-03-26', to: '2027-03-26' });
    expect(etf.body.result).toEqual([expect.objectContaining({ type: 5, name: 'Good Friday' })]);
    const forex = await filter({ type: 1, from: '2026-01-01', to: '2027-12-31' });
    expect(
      (forex.body.result as { day: string; closesAt: string | null }[]).map((c) => [c.day, c.closesAt]),
    ).toEqual([
      ['2026-01-01', null],
      ['2026-12-24', '13:00'],
      ['2026-12-25', null],
      ['2026-12-31', '13:00'],
      ['2027-01-01', null],
      ['2027-12-24', '13:00'],
      ['2027-12-31', '13:00'],
    ]);
    // Futures: CME's Good Friday (and no Thursday evening session before it), Christmas Eve at
    // 13:15 New York, New Year's Eve without the evening session.
    const futures = await filter({ type: 4, from: '2026-01-01', to: '2027-12-31' });
    expect(
      (futures.body.result as { day: string; closesAt: string | null }[]).map((c) => [c.day, c.closesAt]),
    ).toEqual([
      ['2026-01-01', null],
      ['2026-04-02', '17:00'],
      ['2026-04-03', null],
      ['2026-12-24', '13:15'],
      ['2026-12-25', null],
      ['2026-12-31', '17:00'],
      ['2027-01-01', null],
      ['2027-03-25', '17:00'],
      ['2027-03-26', null],
      ['2027-12-24', '13:15'],
    ]);
    expect((await filter({ type: 2 })).body.result).toEqual([]);
    // A seeded Christmas closes a stock whatever the clock of this run says.
    const prices = t.app.get(PriceService);
    expect(prices.isTradable('AAPL', new Date('2026-12-25T15:00:00Z'))).toBe(false);
    expect(prices.isTradable('AAPL', new Date('2026-12-23T15:00:00Z'))).toBe(true);
    // Christmas Eve closes at 13:00 New York (18:00 UTC).
    expect(prices.isTradable('AAPL', new Date('2026-12-24T17:59:00Z'))).toBe(true);
    expect(prices.isTradable('AAPL', new Date('2026-12-24T18:00:00Z'))).toBe(false);
    expect(prices.isTradable('EURUSD', new Date('2026-12-25T12:00:00Z'))).toBe(false);
    // Forex and metals close early on Christmas Eve at 13:00 New York (18:00 UTC).
    expect(prices.isTradable('EURUSD', new Date('2026-12-24T17:59:00Z'))).toBe(true);
    expect(prices.isTradable('XAUUSD', new Date('2026-12-24T18:00:00Z'))).toBe(false);
    // Futures on Good Friday.
    expect(prices.isTradable('USOIL', new Date('2026-04-03T14:00:00Z'))).toBe(false);
    expect(prices.isTradable('USOIL', new Date('2026-04-02T15:00:00Z'))).toBe(true);
    expect(prices.isTradable('BTCUSDT', new Date('2026-12-25T12:00:00Z'))).toBe(true);
  });

  it('validates the input at the edge', async () => {
    for (const [body, field] of [
      [{ type: 3, day, name: 'x' }, 'type'],
      [{ type: 7, day: '2027-02-29', name: 'x' }, 'day'],
      [{ type: 7, day: '25/12/2026', name: 'x' }, 'day'],
      [{ type: 7, day, closesAt: '25:00', name: 'x' }, 'closesAt'],
      [{ type: 7, day, closesAt: 13, name: 'x' }, 'closesAt'],
      [{ type: 7, day, name: '  ' }, 'name'],
      [{ type: 7, day, name: 'x'.repeat(101) }, 'name'],
      [{ type: 7, day, name: 'x', reason: 'y' }, 'reason'],
    ] as const) {
      const res = await create(body);
      expect({ body, code: res.body.code }).toEqual({ body, code: 400 });
      expect(JSON.stringify(res.body.result)).toContain(field);
    }
    const list = await t.http().get(ADMIN).query({ filter: '{"from":"yesterday"}' }).set(auth());
    expect(list.body.code).toBe(400);
  });

  it('a closure day: not tradable, orders refused with 10015; an early close from its time on; audited', async () => {
    setClocks(on('12:00'));
    expect(await both()).toEqual({ tradable: true, order: 20004 });

    const res = await create({ type: 7, day, closesAt: null, name: '  Test holiday  ' });
    expect(res.body.code).toBe(200);
    made.push(res.body.result.id as number);
    expect(res.body.result).toMatchObject({ type: 7, day, closesAt: null, name: 'Test holiday' });
    const id = res.body.result.id as number;
    await waitFor(async () => !(await both()).tradable, 15_000, 'the closure in force');
    expect(await both()).toEqual({ tradable: false, order: 10015 });
    // The day before and the day after trade as usual.
    const prices = t.app.get(PriceService);
    expect(prices.isTradable(instrument.code, new Date(on('12:00').getTime() - DAY_MS))).toBe(true);
    expect(prices.isTradable(instrument.code, new Date(on('12:00').getTime() + DAY_MS))).toBe(true);

    // The same market and day again: 409 on the day field.
    const twice = await create({ type: 7, day, name: 'Again' });
    expect(twice.body.code).toBe(409);
    expect(twice.body.result).toEqual([expect.objectContaining({ field: 'day' })]);

    // An early close at 13:00: open at 12:00, closed at 13:30.
    const edited = await t.http().put(`${ADMIN}/${id}`).set(auth()).send({ closesAt: '13:00' });
    expect(edited.body.result).toMatchObject({ id, closesAt: '13:00' });
    await waitFor(async () => (await both()).tradable, 15_000, 'the early close in force');
    expect(await both()).toEqual({ tradable: true, order: 20004 });
    setClocks(on('13:30'));
    expect(await both()).toEqual({ tradable: false, order: 10015 });

    const removed = await t.http().delete(`${ADMIN}/${id}`).set(auth());
    expect(removed.body.result).toMatchObject({ id, closesAt: '13:00' });
    await waitFor(async () => (await both()).tradable, 15_000, 'the closure gone');
    expect(await both()).toEqual({ tradable: true, order: 20004 });
    expect((await t.http().get(`${ADMIN}/${id}`).set(auth())).body.code).toBe(404);
    restoreClocks();

    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }[]>(
      `SELECT action, detail FROM accounts.admin_audit WHERE target_type = 'market-closure' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'market-closure.create',
      'market-closure.update',
      'market-closure.delete',
    ]);
    expect(audit[1].detail).toMatchObject({ changed: ['closesAt'] });
  });

  it('the simulator does not tick a closed market, and ticks again once the closure is gone', async () => {
    const prices = t.app.get(PriceService);
    setClocks(on('15:00'));
    const ticksAround = async () =>
      (await prices.ticks(instrument.code, on('14:00'), on('16:00')))?.length ?? 0;
    // The feeder stamps its ticks with the market clock: they arrive on the closure's day.
    await waitFor(async () => (await ticksAround()) > 0, 15_000, 'ticks on the moved clock');

    const res = await create({ type: 7, day, name: 'Test holiday (simulator)' });
    expect(res.body.code).toBe(200);
    made.push(res.body.result.id as number);
    // Once the feeder restarted its sources with the closure, no more ticks.
    await waitFor(
      async () => {
        const before = await ticksAround();
        await new Promise((r) => setTimeout(r, 1_000));
        return (await ticksAround()) === before;
      },
      15_000,
      'the simulator stopped',
    );
    const still = await ticksAround();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await ticksAround()).toBe(still);

    expect((await t.http().delete(`${ADMIN}/${res.body.result.id}`).set(auth())).body.code).toBe(200);
    await waitFor(async () => (await ticksAround()) > still, 15_000, 'ticks again');
    restoreClocks();
  });
});
