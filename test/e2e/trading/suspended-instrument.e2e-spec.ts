import { PriceService } from '@app/market';
import { createTestInstrument, waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { adminToken, demo } from './trading-support';

const INDEX = '/swx/customer/index';
const ORDER = '/swx/customer/order';

/*
 * A suspended instrument takes no new orders, but nobody's money stays locked in it: it is still
 * priced, a position can be closed by its owner, its stop-loss fires, and a waiting limit order can
 * be cancelled (it does not open while suspended). Before, a suspended instrument was no longer
 * fed: a position could neither be closed (10015) nor hit its stops until the instrument came back.
 * No feed here: the test's ticks are the market. An always-open instrument of its own.
 */
describe('a suspended instrument: no new orders, the way out stays open', () => {
  let t: TestApp;
  let prices: PriceService;
  let token: string;
  let user: RegisteredUser;
  let id: number;
  let code: string;
  const admin = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    prices = t.app.get(PriceService);
    token = await adminToken(t);
    user = await registerUser(t);
    ({ id, code } = await createTestInstrument(t, token, 'S'));
  });
  afterAll(async () => {
    // Later apps of the worker's run read the catalogue at boot: it stays suspended.
    if (id) await t.http().put(`/swx/admin/instruments/${id}`).set(admin()).send({ status: 'suspended' });
    await t?.close();
  });

  const tick = (price: string) => prices.publishTick({ code, price, ts: Date.now() });
  const buyU = (body: object) =>
    t
      .http()
      .post(`${ORDER}/buyU`)
      .set(demo(user))
      .send({ code, direction: 'buy', lots: '1', leverage: 10, ...body });
  const getOrder = async (orderId: string) =>
    (await t.http().get(`${ORDER}/getUOrderById/${orderId}`).set(demo(user))).body.result;

  it('refuses new orders, keeps pricing it, closes on request and on its stop-loss, cancels a waiting order', async () => {
    expect(await tick('100')).not.toBeNull();
    const manual = await buyU({});
    const stopped = await buyU({ stopLoss: '95' });
    const waiting = await buyU({ limitPrice: '90' });
    for (const res of [manual, stopped, waiting]) expect(res.body.code).toBe(20004);
    expect((await getOrder(waiting.body.result.id)).state).toBe('waiting');

    const suspended = await t
      .http()
      .put(`/swx/admin/instruments/${id}`)
      .set(admin())
      .send({ status: 'suspended' });
    expect(suspended.body.code).toBe(200);
    await waitFor(() => prices.instrument(code).status === 'suspended', 15_000, 'the suspension');

    // No new business: not listed as tradable, orders refused.
    expect((await buyU({})).body.code).toBe(10015);
    expect((await t.http().get(`${INDEX}/getMarketInfo/${id}`)).body.result.tradable).toBe(false);

    // Still priced: its ticks are taken, and the owner closes at the quote.
    expect(await tick('101')).not.toBeNull();
    const closed = await t
      .http()
      .post(`${ORDER}/stopU`)
      .set(demo(user))
      .send({ orderId: manual.body.result.id });
    expect(closed.body.code).toBe(20005);
    expect(await getOrder(manual.body.result.id)).toMatchObject({
      state: 'closed',
      closeReason: 'manual',
      closePrice: '100.99',
    });

    // Through the stop-loss and the waiting order's limit: the stop fires, the limit does not open.
    expect(await tick('89')).not.toBeNull();
    const stoppedClosed = await waitFor(
      async () => {
        const o = await getOrder(stopped.body.result.id);
        return o.state === 'closed' ? o : null;
      },
      15_000,
      'the stop-loss',
    );
    expect(stoppedClosed).toMatchObject({ closeReason: 'stop_loss', closePrice: '88.99' });
    await new Promise((r) => setTimeout(r, 500));
    expect((await getOrder(waiting.body.result.id)).state).toBe('waiting');
    const cancelled = await t
      .http()
      .post(`${ORDER}/cancelU`)
      .set(demo(user))
      .send({ orderId: waiting.body.result.id });
    expect(cancelled.body).toMatchObject({ code: 20005, result: { state: 'cancelled' } });
  });
});
