import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { createTestInstrument, waitFor } from './market-support';

const INDEX = '/swx/customer/index';
const ORDER = '/swx/customer/order';

/*
 * getMarketInfo's `tradable` answers what an order would meet: outside the hours, paused by the
 * feed guard, on a stale feed, on a feed that never delivered a price, or suspended by an admin,
 * it is false and an order is refused with 10015; else it is true and the order goes through.
 * No feed here (ticks come from the test) and the staleness limit is set as a running feed has it.
 * Each test has an instrument of its own (always open), so that no other test's prices move it.
 * The order screen's getAssestInfo answers the same `tradable`.
 */
describe('market: tradable in the market info agrees with the orders', () => {
  let t: TestApp;
  let prices: PriceService;
  let token: string;
  let headers: Record<string, string>;
  const created: number[] = [];
  const admin = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none', MARKET_STALE_SECONDS: '120' });
    prices = t.app.get(PriceService);
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    token = login.body.result.token;
    const user = await registerUser(t);
    headers = { Authorization: `Bearer ${user.token}`, virtually: 'NO' };
  });
  afterAll(async () => {
    // Later apps of the worker's run read the catalogue at boot: leave the instruments suspended.
    for (const id of created)
      await t.http().put(`/swx/admin/instruments/${id}`).set(admin()).send({ status: 'suspended' });
    await t?.close();
  });

  /** A new always-open instrument whose feed has not ticked yet, with its probes. */
  const instrument = async () => {
    const { id, code } = await createTestInstrument(t, token);
    created.push(id);
    // The market info and the order screen's account info (getAssestInfo) tell the same.
    const tradable = async (): Promise<boolean> => {
      const info = await t.http().get(`${INDEX}/getMarketInfo/${id}`);
      expect(info.body.code).toBe(200);
      const asset = await t.http().get(`${ORDER}/getAssestInfo/${id}`).set(headers);
      expect(asset.body.code).toBe(200);
      expect({ assetInfo: asset.body.result.tradable }).toEqual({ assetInfo: info.body.result.tradable });
      return info.body.result.tradable as boolean;
    };
    const buy = async (): Promise<number> =>
      (
        await t
          .http()
          .post(`${ORDER}/buyU`)
          .set(headers)
          .send({ code, direction: 'buy', lots: '0.01', leverage: 10 })
      ).body.code as number;
    return {
      id,
      code,
      tick: (price: string, ts = Date.now()) => prices.publishTick({ code, price, ts }),
      /** The info and an order, asked one after the other: they must tell the same. */
      both: async () => ({ tradable: await tradable(), order: await buy() }),
    };
  };

  it('a feed that never delivered a price: not tradable, orders refused with 10015 (not traded on a stored price)', async () => {
    const i = await instrument();
    expect(await i.both()).toEqual({ tradable: false, order: 10015 });
    expect(await i.tick('100')).not.toBeNull();
    expect(await i.both()).toEqual({ tradable: true, order: 20004 });
  });

  it('a stale feed (its last tick ten minutes old): not tradable until a fresh tick', async () => {
    const i = await instrument();
    expect(await i.tick('100.2', Date.now() - 600_000)).not.toBeNull();
    expect(await i.both()).toEqual({ tradable: false, order: 10015 });
    expect(await i.tick('100.3')).not.toBeNull();
    expect(await i.both()).toEqual({ tradable: true, order: 20004 });
  });

  it('paused by a bad tick (zero, spike, no number): not tradable until a sane tick', async () => {
    const i = await instrument();
    expect(await i.tick('100')).not.toBeNull();
    for (const bad of ['0', '1000', 'NaN']) {
      expect(await i.tick(bad)).toBeNull();
      expect({ bad, ...(await i.both()) }).toEqual({ bad, tradable: false, order: 10015 });
      expect(await i.tick('100.5')).not.toBeNull();
      expect({ bad, ...(await i.both()) }).toEqual({ bad, tradable: true, order: 20004 });
    }
  });

  it('suspended by an admin: not tradable, orders refused', async () => {
    const i = await instrument();
    expect(await i.tick('100.4')).not.toBeNull();
    expect(await i.both()).toEqual({ tradable: true, order: 20004 });
    const res = await t
      .http()
      .put(`/swx/admin/instruments/${i.id}`)
      .set(admin())
      .send({ status: 'suspended' });
    expect(res.body.code).toBe(200);
    await waitFor(() => prices.instrument(i.code).status === 'suspended', 15_000, 'the suspension');
    expect(await i.both()).toEqual({ tradable: false, order: 10015 });
  });
});
