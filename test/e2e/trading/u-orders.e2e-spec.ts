import Decimal from 'decimal.js';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PriceService } from '@app/market';
import { UOrdersService } from '@app/orders/u-orders/u-orders.service';
import { ledgerViolations } from '../../support/ledger-audit';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { adminToken, demo, fundReal, real, tick, userBalance } from './trading-support';

const ORDER = '/swx/customer/order';
// A Saturday noon UTC: forex is closed.
const SATURDAY = new Date('2024-06-15T12:00:00Z');

/*
 * Prices here move only by the ticks the tests publish (no simulator: MARKET_SOURCES=none).
 * BTCUSDT: spread 1 (bid = price - 0.5, ask = price + 0.5), contract size 1; fee 0.2% (fee_rate_u_order).
 * Stop-loss and take-profit levels stay about 10% away from 65000 so that nothing else moves them.
 */
describe('U orders (leveraged contracts) /swx/customer/order', () => {
  let t: TestApp;
  let btcId: number;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    btcId = t.app.get(PriceService).instrument('BTCUSDT').id;
    await tick(t, 'BTCUSDT', '65000');
  });
  afterAll(async () => {
    t.app.get(Clock).set(new Date());
    await t.close();
  });

  const buyU = (headers: Record<string, string>, body: object) =>
    t.http().post(`${ORDER}/buyU`).set(headers).send(body);
  const stopU = (headers: Record<string, string>, orderId: string) =>
    t.http().post(`${ORDER}/stopU`).set(headers).send({ orderId });
  const getOrder = async (headers: Record<string, string>, id: string) =>
    (await t.http().get(`${ORDER}/getUOrderById/${id}`).set(headers)).body.result;
  const closedOrder = (headers: Record<string, string>, id: string) =>
    waitFor(
      async () => {
        const o = await getOrder(headers, id);
        return o.state === 'closed' ? o : null;
      },
      15_000,
      `order ${id} closed`,
    );

  it('opens a long at the ask, holds margin and charges the fee, closes at the bid with the profit', async () => {
    const user = await registerUser(t);
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');
    const opened = await buyU(demo(user), { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 });
    expect(opened.body).toMatchObject({
      code: 20004,
      result: {
        state: 'open',
        direction: 'buy',
        book: 'demo',
        openPrice: '65000.5',
        margin: '650.005',
        fee: '13.0001',
        leverage: 10,
        lots: '0.1',
        stopLoss: null,
      },
    });
    expect(opened.body.result.orderNo).toMatch(/^U\d{10}$/);
    const info = (await t.http().get(`${ORDER}/getAssestInfo/${btcId}`).set(demo(user))).body.result;
    expect(info).toMatchObject({
      code: 'BTCUSDT',
      available: '99336.9949',
      marginInUse: '650.005',
      openPositions: 1,
      floatingProfit: '-0.1',
      bid: '64999.5',
      ask: '65000.5',
    });

    await tick(t, 'BTCUSDT', '66000');
    const listed = (await t.http().get(`${ORDER}/listUOrder?state=current`).set(demo(user))).body.result;
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ floatingProfit: '99.9', currentPrice: '65999.5' });

    const closed = await stopU(demo(user), opened.body.result.id);
    expect(closed.body).toMatchObject({
      code: 20005,
      result: {
        state: 'closed',
        closeReason: 'manual',
        closePrice: '65999.5',
        closePriceSource: 'quote',
        profit: '99.9',
      },
    });
    expect(closed.body.result.closeTime).toBeTruthy();
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100086.8999');
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('0');
    // A second close is refused and moves nothing.
    expect((await stopU(demo(user), opened.body.result.id)).body.code).toBe(10089);
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100086.8999');
    const history = (await t.http().get(`${ORDER}/listUOrder?state=history`).set(demo(user))).body.result;
    expect(history.list.map((o: { id: string }) => o.id)).toEqual([opened.body.result.id]);
    const totals = (await t.http().get(`${ORDER}/getProfitTotal`).set(demo(user))).body.result;
    expect(totals).toEqual([
      expect.objectContaining({
        currency: 'USDT',
        uProfitTotal: '99.9',
        uProfitToday: '99.9',
        uOpenOrders: 0,
      }),
    ]);
    expect((await t.http().get(`${ORDER}/getProfitTotal`).set(real(user))).body.result).toEqual([]);
    await tick(t, 'BTCUSDT', '65000');
  });

  it('opens a short at the bid and closes it at the ask; a loss comes out of the margin', async () => {
    const user = await registerUser(t);
    const opened = await buyU(demo(user), { code: 'BTCUSDT', direction: 'sell', lots: '0.2', leverage: 20 });
    expect(opened.body.result).toMatchObject({ openPrice: '64999.5', margin: '649.995', fee: '25.9998' });
    await tick(t, 'BTCUSDT', '65500');
    const closed = await stopU(demo(user), opened.body.result.id);
    // (65500.5 - 64999.5) x 0.2 x -1
    expect(closed.body.result).toMatchObject({ closePrice: '65500.5', profit: '-100.2' });
    expect(await userBalance(t, user, 'demo', 'available')).toBe(
      new Decimal(100000).minus('25.9998').minus('100.2').toFixed(),
    );
    await tick(t, 'BTCUSDT', '65000');
  });

  it('refuses stop-loss and take-profit on the wrong side, each with its own message', async () => {
    const user = await registerUser(t);
    const base = { code: 'BTCUSDT', lots: '0.1', leverage: 10 };
    const cases: [object, string, string][] = [
      [{ direction: 'buy', stopLoss: '65000' }, 'stopLoss', 'The stop-loss price is unreasonable'],
      [{ direction: 'buy', takeProfit: '65000' }, 'takeProfit', 'The take-profit price is unreasonable'],
      [
        { direction: 'buy', stopLoss: '70000', takeProfit: '60000' },
        'stopLoss',
        'The combination of stop-loss and take-profit is unreasonable',
      ],
      [{ direction: 'sell', stopLoss: '64000' }, 'stopLoss', 'The stop-loss price is unreasonable'],
      [{ direction: 'sell', takeProfit: '66000' }, 'takeProfit', 'The take-profit price is unreasonable'],
      [
        { direction: 'sell', stopLoss: '60000', takeProfit: '70000' },
        'stopLoss',
        'The combination of stop-loss and take-profit is unreasonable',
      ],
      [{ direction: 'buy', leverage: 3 }, 'leverage', 'This leverage is not offered for this market'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await buyU(demo(user), { ...base, ...extra });
      expect({ extra, code: res.body.code, result: res.body.result }).toEqual({
        extra,
        code: 400,
        result: [expect.objectContaining({ field, message })],
      });
    }
    expect((await buyU(demo(user), { ...base, direction: 'buy', stopLoss: 'x' })).body.code).toBe(400);
    expect((await buyU(demo(user), { ...base, direction: 'buy', lots: '0.001' })).body.code).toBe(10016);
    expect((await buyU(demo(user), { ...base, direction: 'buy', lots: '1001' })).body.code).toBe(10016);
    expect((await buyU(demo(user), { ...base, direction: 'up' })).body.code).toBe(400);
    expect((await buyU(demo(user), { ...base, code: 'NOPE', direction: 'buy' })).body.code).toBe(404);
    expect((await buyU({}, { ...base, direction: 'buy' })).body.code).toBe(401);
    // Nothing was opened and nothing moved.
    expect((await t.http().get(`${ORDER}/listUOrder`).set(demo(user))).body.result.total).toBe(0);
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100000');
    // JSON null is no value (it was a 500): no stop-loss, no take-profit, no limit, opened at once.
    const open = await buyU(demo(user), {
      ...base,
      direction: 'buy',
      stopLoss: null,
      takeProfit: null,
      limitPrice: null,
    });
    expect(open.body.code).toBe(20004);
    expect(open.body.result).toMatchObject({ state: 'open', stopLoss: null, takeProfit: null });
  });

  it('closes by stop-loss and by take-profit when a tick reaches them, at the tick price', async () => {
    const user = await registerUser(t);
    const stops = {
      code: 'BTCUSDT',
      direction: 'buy',
      lots: '0.1',
      leverage: 2,
      stopLoss: '58000',
      takeProfit: '72000',
    };
    const a = (await buyU(demo(user), stops)).body.result;
    expect(a).toMatchObject({ state: 'open', stopLoss: '58000', takeProfit: '72000' });
    await tick(t, 'BTCUSDT', '60000');
    await tick(t, 'BTCUSDT', '57500');
    const stopped = await closedOrder(demo(user), a.id);
    expect(stopped).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '57499.5',
      closePriceSource: 'tick',
      profit: '-750.1',
    });

    await tick(t, 'BTCUSDT', '65000');
    const short = {
      code: 'BTCUSDT',
      direction: 'sell',
      lots: '0.1',
      leverage: 2,
      stopLoss: '72000',
      takeProfit: '58000',
    };
    const b = (await buyU(demo(user), short)).body.result;
    await tick(t, 'BTCUSDT', '57000');
    const took = await closedOrder(demo(user), b.id);
    expect(took).toMatchObject({ closeReason: 'take_profit', closePrice: '57000.5', profit: '799.9' });
    await tick(t, 'BTCUSDT', '65000');
  });

  it('one tick closes every position it triggers (several users, both directions) once, at its price', async () => {
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    const long = { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 5, stopLoss: '59000' };
    const ids = [
      (await buyU(demo(a), long)).body.result.id as string,
      (await buyU(demo(b), { ...long, stopLoss: '59500' })).body.result.id as string,
      // A short whose take-profit the same fall reaches.
      (await buyU(demo(c), { ...long, direction: 'sell', stopLoss: '72000', takeProfit: '59800' })).body
        .result.id as string,
    ];
    const untouched = (await buyU(demo(c), { ...long, stopLoss: '57000' })).body.result.id as string;
    await tick(t, 'BTCUSDT', '58500');
    const [ca, cb, cc] = [
      await closedOrder(demo(a), ids[0]),
      await closedOrder(demo(b), ids[1]),
      await closedOrder(demo(c), ids[2]),
    ];
    expect(ca).toMatchObject({ closeReason: 'stop_loss', closePrice: '58499.5', closePriceSource: 'tick' });
    expect(cb).toMatchObject({ closeReason: 'stop_loss', closePrice: '58499.5' });
    expect(cc).toMatchObject({ closeReason: 'take_profit', closePrice: '58500.5', profit: '649.9' });
    expect(new Set([ca.closePriceAt, cb.closePriceAt, cc.closePriceAt]).size).toBe(1);
    expect((await getOrder(demo(c), untouched)).state).toBe('open');
    // Each settled once: one journal entry per close.
    const entries: { n: string }[] = await t.db.query(
      `SELECT count(*)::text AS n FROM ledger.journal WHERE idempotency_key = ANY($1::text[])`,
      [ids.map((id) => `u-close-${id}`)],
    );
    expect(entries[0].n).toBe('3');
    expect(await userBalance(t, a, 'demo', 'margin')).toBe('0');
    expect(await userBalance(t, c, 'demo', 'margin')).not.toBe('0');
    await tick(t, 'BTCUSDT', '65000');
    expect((await stopU(demo(c), untouched)).body.code).toBe(20005);
  });

  it('ticks of several instruments arriving together close each at its own tick, in their order', async () => {
    const user = await registerUser(t);
    await tick(t, 'ETHUSDT', '3000');
    const btc = (
      await buyU(demo(user), {
        code: 'BTCUSDT',
        direction: 'buy',
        lots: '0.1',
        leverage: 5,
        stopLoss: '58000',
      })
    ).body.result.id as string;
    const eth = (
      await buyU(demo(user), { code: 'ETHUSDT', direction: 'sell', lots: '1', leverage: 5, stopLoss: '3100' })
    ).body.result.id as string;
    // Published back to back: the engine checks them in rounds, the BTC ticks in their order, so the
    // position closes at the first tick (the second one would not trigger it).
    await Promise.all([
      tick(t, 'BTCUSDT', '57500').then(() => tick(t, 'BTCUSDT', '60000')),
      tick(t, 'ETHUSDT', '3150'),
    ]);
    expect(await closedOrder(demo(user), btc)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '57499.5',
      closePriceSource: 'tick',
    });
    const ethClosed = await closedOrder(demo(user), eth);
    expect(ethClosed).toMatchObject({ closeReason: 'stop_loss', closePriceSource: 'tick' });
    // At the ETH tick's ask (3150 plus the spread), not at any BTC price.
    const ethPrice = new Decimal(ethClosed.closePrice as string);
    expect(ethPrice.gte(3150) && ethPrice.lt(3152)).toBe(true);
    await tick(t, 'BTCUSDT', '65000');
    await tick(t, 'ETHUSDT', '3000');
  });

  it('liquidates a position whose equity falls to the maintenance level; the loss stops at the margin', async () => {
    const user = await registerUser(t);
    const insurance = () =>
      t.app.get(LedgerService).balance({
        owner: { type: 'system', id: SystemAccount.Insurance },
        book: 'demo',
        currency: 'USDT',
        kind: 'main',
      });
    const insuranceBefore = await insurance();
    const opened = (await buyU(demo(user), { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 100 }))
      .body.result;
    // margin 65.0005, 80% of it over 0.1 lot: 520.004 below the open price.
    expect(opened).toMatchObject({ margin: '65.0005', liquidationPrice: '64480.5' });
    await tick(t, 'BTCUSDT', '64000');
    const liquidated = await closedOrder(demo(user), opened.id);
    expect(liquidated).toMatchObject({
      closeReason: 'liquidation',
      closePrice: '63999.5',
      profit: '-65.0005',
      // The gap to 63999.5 lost 100.1: the margin pays 65.0005, the insurance account the rest.
      insurance: '35.0995',
    });
    expect((await insurance()).minus(insuranceBefore).toFixed()).toBe('-35.0995');
    expect(await userBalance(t, user, 'demo', 'available')).toBe(
      new Decimal(100000).minus('13.0001').minus('65.0005').toFixed(),
    );
    await tick(t, 'BTCUSDT', '65000');
  });

  it('a limit order waits with its margin and fee held, opens at its price when reached, or is cancelled', async () => {
    const user = await registerUser(t);
    const limit = { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10, limitPrice: '60000' };
    const waiting = (await buyU(demo(user), limit)).body.result;
    expect(waiting).toMatchObject({ state: 'waiting', openPrice: null, margin: '600', fee: '12' });
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('612');
    const other = (await buyU(demo(user), { ...limit, limitPrice: '50000' })).body.result;
    const cancelled = await t.http().post(`${ORDER}/cancelU`).set(demo(user)).send({ orderId: other.id });
    expect(cancelled.body).toMatchObject({ code: 20005, result: { state: 'cancelled', fee: '0' } });
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('612');

    // The ask (59999.5 + 0.5) reaches the limit exactly.
    await tick(t, 'BTCUSDT', '59999.5');
    const open = await waitFor(async () => {
      const o = await getOrder(demo(user), waiting.id);
      return o.state === 'open' ? o : null;
    });
    expect(open).toMatchObject({ openPrice: '60000', liquidationPrice: '55200' });
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('600');
    await tick(t, 'BTCUSDT', '61000');
    expect((await stopU(demo(user), waiting.id)).body.result).toMatchObject({ profit: '99.95' });
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100087.95');
    await tick(t, 'BTCUSDT', '65000');
  });

  it("a limit the market gaps past fills at the better price, with the margin and fee of the fill's notional", async () => {
    const user = await registerUser(t);
    const limit = { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10, limitPrice: '60000' };
    const waiting = (await buyU(demo(user), limit)).body.result;
    expect(waiting).toMatchObject({ state: 'waiting', margin: '600', fee: '12' });
    expect(await userBalance(t, user, 'demo', 'available')).toBe('99388');
    // From 65000 straight to 59000: the ask 59000.5 is 999.5 under the limit.
    await tick(t, 'BTCUSDT', '59000');
    const open = await waitFor(async () => {
      const o = await getOrder(demo(user), waiting.id);
      return o.state === 'open' ? o : null;
    });
    // The margin and fee of 5900.05 (not of the limit's 6000): 590.005 and 0.2% of it, and the
    // liquidation price from that margin (59000.5 - 590.005 x 80% / 0.1).
    expect(open).toMatchObject({
      openPrice: '59000.5',
      margin: '590.005',
      fee: '11.8001',
      liquidationPrice: '54280.46',
    });
    const listed = (await t.http().get(`${ORDER}/listUOrder?state=open`).set(demo(user))).body.result;
    expect(listed.list).toEqual([
      expect.objectContaining({ id: waiting.id, margin: '590.005', fee: '11.8001' }),
    ]);
    // The excess margin (9.995) and fee (0.1999) came back with the opening, once.
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('590.005');
    expect(await userBalance(t, user, 'demo', 'available')).toBe('99398.1949');
    // One posting: the fee (11.8001) to the house and the excess (10.1949) back to the user.
    const posting = async () => {
      const legs: { to: string; amount: string }[] = await t.db.query(
        `SELECT c.kind || ':' || c.owner_type AS to, x.amount::text AS amount
           FROM ledger.journal j JOIN ledger.transfers x ON x.journal_id = j.id
           JOIN ledger.accounts c ON c.id = x.credit_account_id
          WHERE j.idempotency_key = $1 ORDER BY c.kind`,
        [`u-open-${waiting.id}`],
      );
      return legs.map((l) => `${l.to} ${new Decimal(l.amount).toFixed()}`);
    };
    const legs = ['available:user 10.1949', 'main:system 11.8001'];
    expect(await posting()).toEqual(legs);
    // A replay (another engine at the same tick) finds it open and posts nothing.
    const orders = t.app.get(UOrdersService, { strict: false });
    const quote = { bid: new Decimal('58999.5'), ask: new Decimal('59000.5') };
    expect(await orders.openWaiting(waiting.id, quote, { source: 'tick', at: new Date() })).toBeNull();
    expect(await posting()).toEqual(legs);
    expect(await userBalance(t, user, 'demo', 'available')).toBe('99398.1949');
    expect(await ledgerViolations(process.env.TEST_RUN_DATABASE_URL!)).toEqual([]);

    await tick(t, 'BTCUSDT', '60000');
    // Closed at the bid 59999.5: the gap's 999 is the user's; the margin returns, 590.005.
    expect((await stopU(demo(user), waiting.id)).body.result).toMatchObject({
      profit: '99.9',
      margin: '590.005',
    });
    expect(await userBalance(t, user, 'demo', 'available')).toBe('100088.0999');
    expect(await userBalance(t, user, 'demo', 'margin')).toBe('0');
    await tick(t, 'BTCUSDT', '65000');
  });

  it('a sell limit filled above its limit holds the margin and fee of that notional, or what it holds when the balance cannot add to it', async () => {
    const base = { code: 'BTCUSDT', direction: 'sell', lots: '0.1', leverage: 10, limitPrice: '66000' };
    const rich = await registerUser(t);
    const poor = await registerUser(t);
    // Exactly the limit's margin (660) and fee (13.2): nothing left to add.
    await fundReal(t, poor, '673.2');
    const richOrder = (await buyU(demo(rich), base)).body.result;
    const poorOrder = (await buyU(real(poor), base)).body.result;
    expect(poorOrder).toMatchObject({ state: 'waiting', margin: '660', fee: '13.2' });
    expect(await userBalance(t, poor, 'real', 'available')).toBe('0');

    // The bid 66499.5 is 499.5 over the limit.
    await tick(t, 'BTCUSDT', '66500');
    const opened = (h: Record<string, string>, id: string) =>
      waitFor(async () => {
        const o = await getOrder(h, id);
        return o.state === 'open' ? o : null;
      });
    // 6649.95 / 10 and 0.2% of it: 4.995 more margin and 0.0999 more fee from the available balance.
    expect(await opened(demo(rich), richOrder.id)).toMatchObject({
      openPrice: '66499.5',
      margin: '664.995',
      fee: '13.2999',
    });
    expect(await userBalance(t, rich, 'demo', 'available')).toBe('99321.7051');
    expect(await userBalance(t, rich, 'demo', 'margin')).toBe('664.995');
    // No balance to add: it opens at the better price on what it holds.
    expect(await opened(real(poor), poorOrder.id)).toMatchObject({
      openPrice: '66499.5',
      margin: '660',
      fee: '13.2',
    });
    expect(await userBalance(t, poor, 'real', 'margin')).toBe('660');
    expect(await ledgerViolations(process.env.TEST_RUN_DATABASE_URL!)).toEqual([]);
    for (const [h, id] of [
      [demo(rich), richOrder.id],
      [real(poor), poorOrder.id],
    ] as const)
      expect((await stopU(h, id)).body.code).toBe(20005);
    await tick(t, 'BTCUSDT', '65000');
  });

  it("the other triggers: a sell limit opens, a short liquidates, a long's take-profit and a short's stop-loss close", async () => {
    const user = await registerUser(t);
    const base = { code: 'BTCUSDT', lots: '0.1', leverage: 2 };
    const longTake = (await buyU(demo(user), { ...base, direction: 'buy', takeProfit: '70000' })).body.result;
    const shortStop = (await buyU(demo(user), { ...base, direction: 'sell', stopLoss: '70000' })).body.result;
    const shortLiquidated = (await buyU(demo(user), { ...base, direction: 'sell', leverage: 100 })).body
      .result;
    const sellLimit = (
      await buyU(demo(user), { ...base, direction: 'sell', leverage: 10, limitPrice: '66000' })
    ).body.result;
    expect(sellLimit).toMatchObject({ state: 'waiting' });

    // bid 66499.5 is past the sell limit (a gap: it fills there, better than its 66000); ask
    // 66500.5 is past the 100x short's liquidation price.
    await tick(t, 'BTCUSDT', '66500');
    const opened = await waitFor(async () => {
      const o = await getOrder(demo(user), sellLimit.id);
      return o.state === 'open' ? o : null;
    });
    // Margined on 6649.95 at 10x, the fee 0.2% of it.
    expect(opened).toMatchObject({ openPrice: '66499.5', margin: '664.995', fee: '13.2999' });
    expect(await closedOrder(demo(user), shortLiquidated.id)).toMatchObject({
      closeReason: 'liquidation',
      closePrice: '66500.5',
    });
    expect((await getOrder(demo(user), longTake.id)).state).toBe('open');
    expect((await getOrder(demo(user), shortStop.id)).state).toBe('open');

    await tick(t, 'BTCUSDT', '70500');
    expect(await closedOrder(demo(user), longTake.id)).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '70499.5',
    });
    expect(await closedOrder(demo(user), shortStop.id)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '70500.5',
    });
    expect((await getOrder(demo(user), sellLimit.id)).state).toBe('open');
    expect((await stopU(demo(user), sellLimit.id)).body.code).toBe(20005);
    await tick(t, 'BTCUSDT', '65000');
  });

  it('refuses orders outside the trading hours with 10015', async () => {
    const user = await registerUser(t);
    const clock = t.app.get(Clock);
    clock.set(SATURDAY);
    try {
      const res = await buyU(demo(user), { code: 'EURUSD', direction: 'buy', lots: '0.01', leverage: 100 });
      expect(res.body).toMatchObject({ code: 10015, message: 'Not in tradable time' });
    } finally {
      clock.set(new Date());
    }
  });

  it('concurrent opens that together exceed the balance: only those that fit succeed (10011)', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '1000');
    // Each holds 65.0005 margin and pays 1.30001 fee: 15 of them fit in 1000.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyU(real(user), { code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 }),
      ),
    );
    const codes = results.map((r) => r.body.code as number);
    expect(codes.filter((c) => c === 20004)).toHaveLength(15);
    expect(codes.filter((c) => c === 10011)).toHaveLength(5);
    expect(await userBalance(t, user, 'real', 'available')).toBe(
      new Decimal(1000).minus(new Decimal('66.30051').times(15)).toFixed(),
    );
    // The real book's orders are not on the demo book, and nobody else can close them.
    expect((await t.http().get(`${ORDER}/listUOrder`).set(demo(user))).body.result.total).toBe(0);
    const list = (await t.http().get(`${ORDER}/listUOrder?pageSize=100`).set(real(user))).body.result;
    expect(list.total).toBe(15);
    const stranger = await registerUser(t);
    expect((await stopU(real(stranger), list.list[0].id)).body.code).toBe(404);
    expect((await stopU(demo(user), list.list[0].id)).body.code).toBe(404);
    for (const o of list.list as { id: string }[])
      expect((await stopU(real(user), o.id)).body.code).toBe(20005);
    expect(await userBalance(t, user, 'real', 'margin')).toBe('0');
  });

  it('admins list every U order (ra-data-simple-rest), read only', async () => {
    const user = await registerUser(t);
    const opened = (await buyU(demo(user), { code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 5 }))
      .body.result;
    const token = await adminToken(t);
    const res = await t
      .http()
      .get(
        `/swx/admin/u-orders?filter=${encodeURIComponent(JSON.stringify({ userId: user.id }))}&range=${encodeURIComponent('[0,9]')}`,
      )
      .set({ Authorization: `Bearer ${token}` });
    expect(res.headers['content-range']).toBe('u-orders 0-0/1');
    expect(res.body.result[0]).toMatchObject({ id: opened.id, userId: user.id, state: 'open' });
    expect(
      (
        await t
          .http()
          .get(`/swx/admin/u-orders?filter=${encodeURIComponent('{"x":1}')}`)
          .set({ Authorization: `Bearer ${token}` })
      ).body.code,
    ).toBe(400);
    expect((await t.http().get('/swx/admin/u-orders').set(demo(user))).body.code).toBe(401);
    await stopU(demo(user), opened.id);
  });
});
