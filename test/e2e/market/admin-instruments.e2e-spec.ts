import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { FIRST_START_MS, waitFor, waitForFeeder } from './market-support';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

describe('admin API /swx/admin/instruments (two processes on one Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  const code = `T${randomBytes(3).toString('hex').toUpperCase()}X`;
  let id: number;

  const body = (over: Record<string, unknown> = {}) => ({
    code,
    type: 7,
    appName: `Test metal ${code}`,
    pricePrecision: 3,
    contractSize: '10',
    spread: '0.02',
    leverages: [10, 1, 5, 5],
    tradingHours: { alwaysOpen: true },
    referencePrice: '12.5',
    volatility: '0.2',
    ...over,
  });
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const listed = async (t: TestApp) => {
    const res = await t.http().get('/swx/customer/index/listMarketByType?type=7&pageSize=100');
    return (res.body.result.list as { code: string }[]).some((i) => i.code === code);
  };

  beforeAll(async () => {
    const prefix = `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`;
    [a, b] = await Promise.all([
      createTestApp({ REDIS_PREFIX: prefix, MARKET_TICK_MS: '200' }),
      createTestApp({ REDIS_PREFIX: prefix, MARKET_TICK_MS: '200' }),
    ]);
    await waitForFeeder(a, b);
    const login = await a
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    token = login.body.result.token;
  }, FIRST_START_MS + 30_000);
  afterAll(async () => {
    // Later apps of the run read the catalogue at boot: leave the test instrument suspended.
    if (id) await a.http().put(`/swx/admin/instruments/${id}`).set(auth()).send({ status: 'suspended' });
    await Promise.all([a?.close(), b?.close()]);
  });

  it('is for admins only', async () => {
    const res = await a.http().get('/swx/admin/instruments');
    expect(res.body.code).toBe(401);
  });

  it('validates the input: code, hours, leverages, unknown fields', async () => {
    for (const [over, field] of [
      [{ code: 'btc-usdt' }, 'code'],
      [{ tradingHours: { alwaysOpen: false, sessions: [] } }, 'tradingHours'],
      [
        { tradingHours: { alwaysOpen: false, sessions: [{ open: 'Funday 10:00', close: 'Mon 11:00' }] } },
        'tradingHours',
      ],
      [{ tradingHours: { timezone: 'Mars/Olympus', alwaysOpen: true } }, 'tradingHours'],
      [{ leverages: [] }, 'leverages'],
      [{ contractSize: '0' }, 'contractSize'],
      [{ contractSize: 10 }, 'contractSize'],
      [{ type: 3 }, 'type'],
      [{ price: '1' }, 'price'],
      // A tenth of the reference price (12.5) or more: a slip that would put the bid near zero.
      [{ spread: '1.25' }, 'spread'],
    ] as const) {
      const res = await a.http().post('/swx/admin/instruments').set(auth()).send(body(over));
      expect(res.body).toMatchObject({ code: 400 });
      expect(JSON.stringify(res.body.result)).toContain(field);
    }
  });

  it('of two operators creating one new code at once, one creates it and the other is told the code is taken', async () => {
    const twin = `T${randomBytes(3).toString('hex').toUpperCase()}Y`;
    const answers = await Promise.all(
      [1, 2].map(() =>
        a
          .http()
          .post('/swx/admin/instruments')
          .set(auth())
          .send(body({ code: twin, appName: `Twin ${twin}` })),
      ),
    );
    const created = answers.find((r) => r.body.code === 200);
    try {
      expect(answers.map((r) => r.body.code).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.body.code === 409)!.body.result).toEqual([
        expect.objectContaining({ field: 'code' }),
      ]);
    } finally {
      // Later apps of the run read the catalogue at boot: leave it suspended.
      if (created)
        await a
          .http()
          .put(`/swx/admin/instruments/${created.body.result.id}`)
          .set(auth())
          .send({ status: 'suspended' });
    }
  });

  it('creates an instrument: listed, fed with a generated history and a drawn logo in every process', async () => {
    const res = await a.http().post('/swx/admin/instruments').set(auth()).send(body());
    expect(res.body.code).toBe(200);
    expect(res.body.result).toMatchObject({
      code,
      type: 7,
      leverages: [1, 5, 10],
      contractSize: '10',
      tradingHours: { timezone: 'UTC', alwaysOpen: true, sessions: [] },
      status: 'active',
      logo: `/assets/logos/${code}.svg`,
      // Open by its hours and status, but no order trades before its feed's first tick.
      openNow: true,
      tradableNow: false,
    });
    id = res.body.result.id as number;
    // A code in use is refused on the code field, saying so (the console shows it under the input).
    const taken = await a.http().post('/swx/admin/instruments').set(auth()).set('lang', 'en').send(body());
    expect(taken.body).toMatchObject({
      code: 409,
      result: [{ field: 'code', message: `An instrument with the code ${code} already exists` }],
    });

    // Both processes read the catalogue again; the feeder writes its history and feeds it.
    for (const t of [a, b]) await waitFor(() => listed(t), 15_000, 'the new instrument listed');
    const info = await waitFor(
      async () => {
        const r = await b.http().get(`/swx/customer/index/getMarketInfo/${id}`);
        // Tradable once its feed has ticked (its generated history alone is no live price).
        return r.body.result?.nowPrice && r.body.result.tradable ? r.body.result : null;
      },
      30_000,
      'a live price for the new instrument',
    );
    expect(info).toMatchObject({ code, tradable: true, leverages: [1, 5, 10] });
    // The console answers as the app does once the feed has ticked.
    const one = await a.http().get(`/swx/admin/instruments/${id}`).set(auth());
    expect(one.body.result).toMatchObject({ openNow: true, tradableNow: true });
    const days = await b
      .http()
      .get(`/swx/customer/index/getKValueByCodeAndDate?code=${code}&period=1d&limit=40`);
    expect(days.body.result.length).toBeGreaterThanOrEqual(29);
    const logo = await b.http().get(`/assets/logos/${code}.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.text ?? logo.body.toString()).toContain(`aria-label="${code}"`);
    expect((await b.http().get('/assets/logos/NOSUCHCODE.svg')).body.code).toBe(404);

    const list = await a
      .http()
      .get(`/swx/admin/instruments?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`)
      .set(auth());
    expect(list.headers['content-range']).toBe('instruments 0-0/1');
    expect(list.body.result).toEqual([expect.objectContaining({ id, code })]);
  });

  it('edits the trading hours: outside them every process refuses trading with 10015', async () => {
    // One minute three days from now: closed at this moment.
    const day = DAYS[(new Date().getUTCDay() + 3) % 7];
    const record = (await a.http().get(`/swx/admin/instruments/${id}`).set(auth())).body.result;
    // react-admin sends the whole record back; the fixed fields may come along unchanged.
    const res = await a
      .http()
      .put(`/swx/admin/instruments/${id}`)
      .set(auth())
      .send({
        ...record,
        tradingHours: { alwaysOpen: false, sessions: [{ open: `${day} 10:00`, close: `${day} 10:01` }] },
        leverages: [1, 2],
      });
    expect(res.body.code).toBe(200);
    expect(res.body.result).toMatchObject({ openNow: false, tradableNow: false, leverages: [1, 2] });
    const prices = b.app.get(PriceService);
    await waitFor(() => !prices.isTradable(code), 15_000, 'the new hours in the other process');
    expect(() => prices.assertTradable(code)).toThrow(expect.objectContaining({ code: 10015 }));
    expect(prices.instrument(code).leverages).toEqual([1, 2]);
    const info = await b.http().get(`/swx/customer/index/getMarketInfo/${id}`);
    expect(info.body.result).toMatchObject({ tradable: false });

    // The fixed fields cannot change.
    for (const [over, field] of [
      [{ code: 'OTHERCODE' }, 'code'],
      [{ type: 2 }, 'type'],
      [{ referencePrice: '99' }, 'referencePrice'],
    ] as const) {
      const refused = await a.http().put(`/swx/admin/instruments/${id}`).set(auth()).send(over);
      expect(refused.body).toMatchObject({ code: 400 });
      expect(JSON.stringify(refused.body.result)).toContain(field);
    }
  });

  it('refuses a spread from a tenth of the feed price on, which would put the bid at or below zero', async () => {
    const btc = a.app.get(PriceService).instrument('BTCUSDT');
    const last = new Decimal(await a.app.get(PriceService).lastPrice('BTCUSDT'));
    const put = (spread: string) =>
      a.http().put(`/swx/admin/instruments/${btc.id}`).set(auth()).send({ spread });
    for (const spread of [last.times(2).toFixed(), last.div(10).toFixed()]) {
      const res = await put(spread);
      expect(res.body).toMatchObject({ code: 400 });
      expect(JSON.stringify(res.body.result)).toContain('spread');
    }
    const res = await a.http().get(`/swx/admin/instruments/${btc.id}`).set(auth());
    expect(res.body.result.spread).toBe(btc.spread.toFixed());
    // Unchanged values pass whatever the price (react-admin sends the whole record back).
    expect((await put(btc.spread.toFixed())).body.code).toBe(200);
  });

  it('suspends: not listed, not tradable, still known to orders; every change is audited', async () => {
    const res = await a.http().put(`/swx/admin/instruments/${id}`).set(auth()).send({ status: 'suspended' });
    expect(res.body.result).toMatchObject({ status: 'suspended', openNow: false, tradableNow: false });
    for (const t of [a, b]) await waitFor(async () => !(await listed(t)), 15_000, 'the instrument unlisted');
    const prices = b.app.get(PriceService);
    expect(prices.instrument(code).status).toBe('suspended');
    expect(prices.instruments().some((i) => i.code === code)).toBe(false);
    expect(() => prices.assertTradable(code)).toThrow(expect.objectContaining({ code: 10015 }));

    const audit: { action: string; detail: { changed?: string[] } }[] = await a.db.query(
      `SELECT action, detail FROM accounts.admin_audit WHERE target_type = 'instrument' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'instrument.create',
      'instrument.update',
      'instrument.update',
    ]);
    expect(audit[1].detail.changed).toEqual(expect.arrayContaining(['tradingHours', 'leverages']));
    expect(audit[2].detail.changed).toEqual(['status']);
  });
});
