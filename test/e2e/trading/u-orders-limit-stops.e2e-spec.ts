import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { demo, tick } from './trading-support';

const ORDER = '/swx/customer/order';

/*
 * Stop-loss and take-profit are checked against the price the order opens at: the limit of an
 * order that waits for it, the market of a limit the market has already reached (it opens at once,
 * at the market price). A stop-loss on the wrong side of that price would close the position at
 * the next tick. BTCUSDT at 65000: bid 64999.5, ask 65000.5 (spread 1). Prices move only by the
 * ticks the test publishes.
 */
describe('U orders: stops are checked against the price the order opens at', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });

  const buyU = (headers: Record<string, string>, body: object) =>
    t.http().post(`${ORDER}/buyU`).set(headers).send(body);

  it('a limit the market has reached: against the market quote', async () => {
    await tick(t, 'BTCUSDT', '65000');
    const user = await registerUser(t);
    const long = { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10, limitPrice: '70000' };
    // A stop-loss above the bid it would close at: it would fire at once.
    const stopAbove = await buyU(demo(user), { ...long, stopLoss: '66000' });
    expect(stopAbove.body).toMatchObject({
      code: 400,
      result: [expect.objectContaining({ field: 'stopLoss' })],
    });
    // A take-profit above the market (below the limit) is a reasonable one.
    const profit = await buyU(demo(user), { ...long, takeProfit: '68000' });
    expect(profit.body).toMatchObject({
      code: 20004,
      result: { state: 'open', openPrice: '65000.5', takeProfit: '68000' },
    });

    const short = { code: 'BTCUSDT', direction: 'sell', lots: '0.1', leverage: 10, limitPrice: '60000' };
    const stopBelow = await buyU(demo(user), { ...short, stopLoss: '64000' });
    expect(stopBelow.body).toMatchObject({
      code: 400,
      result: [expect.objectContaining({ field: 'stopLoss' })],
    });
    const shortProfit = await buyU(demo(user), { ...short, takeProfit: '62000' });
    expect(shortProfit.body).toMatchObject({
      code: 20004,
      result: { state: 'open', openPrice: '64999.5', takeProfit: '62000' },
    });
  });

  it('a limit that waits: against the limit', async () => {
    await tick(t, 'BTCUSDT', '65000');
    const user = await registerUser(t);
    const long = { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10, limitPrice: '60000' };
    const stopAbove = await buyU(demo(user), { ...long, stopLoss: '61000' });
    expect(stopAbove.body).toMatchObject({
      code: 400,
      result: [expect.objectContaining({ field: 'stopLoss' })],
    });
    const waiting = await buyU(demo(user), { ...long, stopLoss: '59000', takeProfit: '62000' });
    expect(waiting.body).toMatchObject({
      code: 20004,
      result: { state: 'waiting', limitPrice: '60000', stopLoss: '59000', takeProfit: '62000' },
    });
  });
});
