import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { demo, userBalance } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * An option is priced at the feed's last price: it must not be bought on a price the feed guard
 * does not believe (the instrument is paused after a bad tick) or on a feed gone quiet (stale), the
 * same way U orders refuse then (10015). No feed here: ticks come from the test, and the staleness
 * limit is set explicitly. XRPUSDT and DOGEUSDT (no other trading test moves them).
 */
describe('options orders refuse a paused or stale price', () => {
  let t: TestApp;
  let prices: PriceService;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none', MARKET_STALE_SECONDS: '120' });
    prices = t.app.get(PriceService);
    productId = (await t.http().get(`${ORDER}/listOptionsProducts`)).body.result[0].id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyOptions = (headers: Record<string, string>, code: string) =>
    t
      .http()
      .post(`${ORDER}/buyOptions`)
      .set(headers)
      .send({ code, productId, direction: 'up', amount: '100' });
  const buyU = (headers: Record<string, string>, code: string) =>
    t.http().post(`${ORDER}/buyU`).set(headers).send({ code, direction: 'buy', lots: '0.01', leverage: 10 });

  it('answers 10015 while the instrument is paused by a bad tick, and sells again after a sane one', async () => {
    const user = await registerUser(t);
    expect(await prices.publishTick({ code: 'XRPUSDT', price: '0.5', ts: Date.now() })).not.toBeNull();
    // A tenfold spike is refused and pauses the instrument.
    expect(await prices.publishTick({ code: 'XRPUSDT', price: '5', ts: Date.now() })).toBeNull();
    expect((await buyU(demo(user), 'XRPUSDT')).body.code).toBe(10015);
    expect((await buyOptions(demo(user), 'XRPUSDT')).body.code).toBe(10015);
    expect(await userBalance(t, user, 'demo', 'options_stake')).toBe('0');
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');

    expect(await prices.publishTick({ code: 'XRPUSDT', price: '0.51', ts: Date.now() })).not.toBeNull();
    const bought = await buyOptions(demo(user), 'XRPUSDT');
    expect(bought.body).toMatchObject({ code: 20004, result: { openPrice: '0.51', amount: '100' } });
  });

  it('answers 10015 when the last tick is older than the staleness limit', async () => {
    const user = await registerUser(t);
    expect(
      await prices.publishTick({ code: 'DOGEUSDT', price: '0.2', ts: Date.now() - 600_000 }),
    ).not.toBeNull();
    expect((await buyU(demo(user), 'DOGEUSDT')).body.code).toBe(10015);
    expect((await buyOptions(demo(user), 'DOGEUSDT')).body.code).toBe(10015);
    expect(await userBalance(t, user, 'demo', 'options_stake')).toBe('0');

    expect(await prices.publishTick({ code: 'DOGEUSDT', price: '0.21', ts: Date.now() })).not.toBeNull();
    const bought = await buyOptions(demo(user), 'DOGEUSDT');
    expect(bought.body).toMatchObject({ code: 20004, result: { openPrice: '0.21' } });
  });
});
