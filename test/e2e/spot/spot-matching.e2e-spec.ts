import { io } from 'socket.io-client';
import { SpotGateway } from '@app/orders/spot/spot.gateway';
import { adminToken } from '../trading/trading-support';
import { emitWithAck, listen } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import {
  as,
  balance,
  createPair,
  fund,
  orderRow,
  place,
  reservationViolations,
  submit,
  type OrderBody,
  waitFor,
  wallet,
  type TestPair,
} from './spot-support';

/**
 * Coin-to-coin orders through HTTP on pairs of this file's own (no market maker): holds, matching
 * in price-time priority with partial fills, market sweeps, cancels, self-trade prevention,
 * concurrent spending of one balance, authorization, lists, depth and trades (HTTP and socket),
 * the admin's read-only lists; balances exact after each step (fee 0.1%, buyer in base, seller in
 * quote), and the ledger audit after the file.
 */
describe('spot orders', () => {
  let t: TestApp;
  let pair: TestPair;
  let seller: RegisteredUser;
  let buyer: RegisteredUser;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    pair = await createPair(t);
    seller = await registerUser(t);
    buyer = await registerUser(t);
    await fund(t, seller, pair.base, '10');
    await fund(t, buyer, 'USDT', '10000');
  });
  afterAll(async () => {
    expect(await reservationViolations(t, pair.symbol)).toEqual([]);
    await t.close();
  });

  it('rests a limit order, fills it partly and then fully, and settles both sides with fees', async () => {
    const ask = await place(t, seller, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'limit',
      price: '100',
      quantity: '2',
    });
    expect(ask).toMatchObject({ state: 'open', filled: '0', heldLeft: '2' });
    expect(await wallet(t, seller, [pair.base])).toEqual({ [pair.base]: { available: '8', frozen: '2' } });

    // A buy above the ask trades at the maker's price; the unspent part of its hold returns.
    const small = await place(t, buyer, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '101',
      quantity: '0.5',
    });
    expect(small).toMatchObject({
      state: 'filled',
      filled: '0.5',
      turnover: '50',
      fee: '0.0005',
      heldLeft: '0',
    });
    expect(await wallet(t, buyer, ['USDT', pair.base])).toEqual({
      USDT: { available: '9950', frozen: '0' },
      [pair.base]: { available: '0.4995', frozen: '0' },
    });
    expect(await orderRow(t, ask.id)).toMatchObject({ state: 'partial', filled: '0.5', held_left: '1.5' });
    expect(await wallet(t, seller, ['USDT', pair.base])).toEqual({
      USDT: { available: '49.95', frozen: '0' },
      [pair.base]: { available: '8', frozen: '1.5' },
    });

    // A bigger buy takes the rest of the ask and rests with what is left.
    const big = await place(t, buyer, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '2',
    });
    expect(big).toMatchObject({ state: 'partial', filled: '1.5', turnover: '150', heldLeft: '50' });
    expect(await orderRow(t, ask.id)).toMatchObject({
      state: 'filled',
      filled: '2',
      held_left: '0',
      fee: '0.2',
    });
    expect(await wallet(t, buyer, ['USDT', pair.base])).toEqual({
      USDT: { available: '9750', frozen: '50' },
      [pair.base]: { available: '1.998', frozen: '0' },
    });
    expect(await wallet(t, seller, ['USDT', pair.base])).toEqual({
      USDT: { available: '199.8', frozen: '0' },
      [pair.base]: { available: '8', frozen: '0' },
    });

    const depth = await t
      .http()
      .get(`/swx/customer/order/getBbDepth/${pair.symbol}`)
      .set({ virtually: 'YES' });
    expect(depth.body.result).toMatchObject({
      symbol: pair.symbol,
      book: 'real',
      bids: [['100', '0.5', 1]],
      asks: [],
    });
    const trades = await t
      .http()
      .get(`/swx/customer/order/listBbTrades/${pair.symbol}`)
      .set({ virtually: 'YES' });
    expect(trades.body.result.map((x: { price: string; quantity: string }) => [x.price, x.quantity])).toEqual(
      [
        ['100', '1.5'],
        ['100', '0.5'],
      ],
    );
    // Each trade is settled by one journal entry, keyed by the trade's id.
    const journals: { n: number }[] = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger.journal j JOIN orders.spot_trades s ON j.ref_id = s.id::text
        WHERE j.ref_type = 'spot_trade' AND s.symbol = $1`,
      [pair.symbol],
    );
    expect(journals[0].n).toBe(2);

    // Cancelling the resting rest returns its hold.
    const cancelled = await t
      .http()
      .post('/swx/customer/order/chedan')
      .set(as(buyer))
      .send({ orderId: big.id });
    expect(cancelled.body.code).toBe(20005);
    expect(cancelled.body.result).toMatchObject({
      state: 'cancelled',
      cancelReason: 'user',
      filled: '1.5',
      heldLeft: '0',
    });
    expect(await wallet(t, buyer, ['USDT'])).toEqual({ USDT: { available: '9800', frozen: '0' } });
    const again = await t.http().post('/swx/customer/order/chedan').set(as(buyer)).send({ orderId: big.id });
    expect(again.body.code).toBe(10089);
  });

  it('sweeps levels with market orders and cancels what finds no counter-party', async () => {
    const p = await createPair(t);
    const maker = await registerUser(t);
    const taker = await registerUser(t);
    await fund(t, maker, p.base, '3');
    await fund(t, maker, 'USDT', '1000');
    await fund(t, taker, 'USDT', '250');
    await fund(t, taker, p.base, '1');
    for (const price of ['110', '111', '112'])
      await place(t, maker, { symbol: p.symbol, side: 'sell', type: 'limit', price, quantity: '1' });

    // 250 USDT buys 1 at 110, 1 at 111 and 0.258 at 112 (28.896); 0.104 USDT returns.
    const buy = await place(t, taker, { symbol: p.symbol, side: 'buy', type: 'market', amount: '250' });
    expect(buy).toMatchObject({ state: 'filled', filled: '2.258', turnover: '249.896', heldLeft: '0' });
    expect(await wallet(t, taker, ['USDT', p.base])).toEqual({
      USDT: { available: '0.104', frozen: '0' },
      [p.base]: { available: '3.255742', frozen: '0' },
    });

    // A market sell on an empty bid side is cancelled and its hold returns.
    const lonely = await place(t, taker, { symbol: p.symbol, side: 'sell', type: 'market', quantity: '1' });
    expect(lonely).toMatchObject({
      state: 'cancelled',
      cancelReason: 'no_liquidity',
      filled: '0',
      heldLeft: '0',
    });
    expect(await balance(t, taker, p.base, 'frozen')).toBe('0');

    // Bids at two levels; a market sell larger than both fills them best first and cancels the rest.
    await place(t, maker, { symbol: p.symbol, side: 'buy', type: 'limit', price: '100', quantity: '0.5' });
    await place(t, maker, { symbol: p.symbol, side: 'buy', type: 'limit', price: '101', quantity: '0.5' });
    const sell = await place(t, taker, { symbol: p.symbol, side: 'sell', type: 'market', quantity: '2' });
    expect(sell).toMatchObject({
      state: 'cancelled',
      cancelReason: 'no_liquidity',
      filled: '1',
      turnover: '100.5',
    });
    expect(await wallet(t, taker, ['USDT', p.base])).toEqual({
      USDT: { available: '100.5035', frozen: '0' },
      [p.base]: { available: '2.255742', frozen: '0' },
    });
    expect(await reservationViolations(t, p.symbol)).toEqual([]);
  });

  it('refuses what the balance does not cover (10092) and prices or quantities off the grid', async () => {
    const poor = await registerUser(t);
    await fund(t, poor, 'USDT', '10');
    const tooMuch = await submit(t, poor, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '0.2',
    });
    expect(tooMuch.body.code).toBe(10092);
    const sellNothing = await submit(t, poor, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'limit',
      price: '100',
      quantity: '1',
    });
    expect(sellNothing.body.code).toBe(10092);
    const rows = await t.db.query(`SELECT id FROM orders.spot_orders WHERE user_id = $1`, [poor.id]);
    expect(rows).toEqual([]);
    expect(await wallet(t, poor, ['USDT'])).toEqual({ USDT: { available: '10', frozen: '0' } });

    const offTick = await submit(t, poor, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '1.005',
      quantity: '1',
    });
    expect(offTick.body).toMatchObject({ code: 400, result: [{ field: 'price' }] });
    expect(offTick.body.result[0].message).toContain('0.01');
    const offLot = await submit(t, poor, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '1',
      quantity: '0.0005',
    });
    expect(offLot.body).toMatchObject({ code: 400, result: [{ field: 'quantity' }] });
    const noPrice = await submit(t, poor, { symbol: pair.symbol, side: 'buy', type: 'limit', quantity: '1' });
    expect(noPrice.body).toMatchObject({ code: 400, result: [{ field: 'price' }] });
    // JSON null is no value (it was a 500): told on the field like a missing one.
    for (const [body, field] of [
      [{ type: 'limit', price: null, quantity: '1' }, 'price'],
      [{ type: 'limit', price: '1', quantity: null }, 'quantity'],
      [{ type: 'market', amount: null }, 'amount'],
    ] as const) {
      const res = await submit(t, poor, {
        symbol: pair.symbol,
        side: 'buy',
        ...body,
      } as unknown as OrderBody);
      expect(res.body).toMatchObject({ code: 400, result: [{ field }] });
    }
    const noAmount = await submit(t, poor, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'market',
      quantity: '1',
    });
    expect(noAmount.body).toMatchObject({ code: 400, result: [{ field: 'amount' }] });
    const unknown = await submit(t, poor, { symbol: 'NOPEUSDT', side: 'buy', type: 'market', amount: '1' });
    expect(unknown.body).toMatchObject({ code: 400, result: [{ field: 'symbol' }] });
    const zh = await t
      .http()
      .post('/swx/customer/order/submit')
      .set({ ...as(poor), 'Accept-Language': 'zh' })
      .send({ symbol: pair.symbol, side: 'buy', type: 'limit', price: '1.005', quantity: '1' });
    expect(zh.body.result[0].message).toContain('整数倍');
    const anonymous = await t.http().post('/swx/customer/order/submit').send({ symbol: pair.symbol });
    expect(anonymous.body.code).toBe(401);
  });

  it('lets only one of concurrent orders spend the same balance', async () => {
    const u = await registerUser(t);
    await fund(t, u, 'USDT', '100');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit(t, u, {
          symbol: pair.symbol,
          side: 'buy',
          type: 'limit',
          price: `60.0${i}`,
          quantity: '1',
        }),
      ),
    );
    const codes = answers.map((a) => a.body.code as number).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 10092)).toHaveLength(7);
    const held = Number(answers.find((a) => a.body.code === 200)!.body.result.held);
    expect(Number(await balance(t, u, 'USDT', 'frozen'))).toBe(held);
    expect(Number(await balance(t, u, 'USDT', 'available'))).toBeCloseTo(100 - held, 10);
  });

  it('never trades a user with themself: the resting order is cancelled, the new one goes on', async () => {
    const p = await createPair(t);
    const u = await registerUser(t);
    const other = await registerUser(t);
    await fund(t, u, 'USDT', '1000');
    await fund(t, u, p.base, '5');
    await fund(t, other, p.base, '5');
    const mine = await place(t, u, {
      symbol: p.symbol,
      side: 'sell',
      type: 'limit',
      price: '100',
      quantity: '1',
    });
    const theirs = await place(t, other, {
      symbol: p.symbol,
      side: 'sell',
      type: 'limit',
      price: '100',
      quantity: '1',
    });
    // My buy meets my own ask first (it is older): that ask expires, and the buy trades with theirs.
    const buy = await place(t, u, {
      symbol: p.symbol,
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '2',
    });
    expect(await orderRow(t, mine.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'self_trade',
      filled: '0',
      held_left: '0',
    });
    expect(await orderRow(t, theirs.id)).toMatchObject({ state: 'filled', filled: '1' });
    expect(buy).toMatchObject({ state: 'partial', filled: '1' });
    const selfTrades = await t.db.query(
      `SELECT t.id FROM orders.spot_trades t
         JOIN orders.spot_orders a ON a.id = t.taker_order_id JOIN orders.spot_orders b ON b.id = t.maker_order_id
        WHERE t.symbol = $1 AND a.user_id = b.user_id`,
      [p.symbol],
    );
    expect(selfTrades).toEqual([]);
    expect(await wallet(t, u, [p.base])).toEqual({ [p.base]: { available: '5.999', frozen: '0' } });
    expect(await reservationViolations(t, p.symbol)).toEqual([]);
  });

  it('answers one of two cancels sent at once with success and the other with 10089', async () => {
    const owner = await registerUser(t);
    await fund(t, owner, 'USDT', '100');
    for (let round = 0; round < 5; round++) {
      const order = await place(t, owner, {
        symbol: pair.symbol,
        side: 'buy',
        type: 'limit',
        price: '10',
        quantity: '1',
      });
      const codes = (
        await Promise.all(
          [0, 1].map(() =>
            t.http().post('/swx/customer/order/chedan').set(as(owner)).send({ orderId: order.id }),
          ),
        )
      ).map((r) => r.body.code);
      expect(codes.sort()).toEqual([10089, 20005]);
      expect(await orderRow(t, order.id)).toMatchObject({ state: 'cancelled', held_left: '0' });
    }
    expect(await wallet(t, owner, ['USDT'])).toEqual({ USDT: { available: '100', frozen: '0' } });
  });

  it('lets nobody cancel or see an order of somebody else', async () => {
    const owner = await registerUser(t);
    const intruder = await registerUser(t);
    await fund(t, owner, 'USDT', '100');
    const order = await place(t, owner, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '10',
      quantity: '1',
    });
    const res = await t
      .http()
      .post('/swx/customer/order/chedan')
      .set(as(intruder))
      .send({ orderId: order.id });
    expect(res.body.code).toBe(404);
    const view = await t.http().get(`/swx/customer/order/getBbOrderById/${order.id}`).set(as(intruder));
    expect(view.body.code).toBe(404);
    // The same order on the other book is not the owner's either.
    const otherBook = await t
      .http()
      .post('/swx/customer/order/chedan')
      .set(as(owner, 'demo'))
      .send({ orderId: order.id });
    expect(otherBook.body.code).toBe(404);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'open', held_left: '10' });
    const list = await t.http().get('/swx/customer/order/listBbOrder').set(as(intruder));
    expect(list.body.result).toEqual({ list: [], total: 0 });
    const bad = await t.http().post('/swx/customer/order/chedan').set(as(owner)).send({ orderId: 'x1' });
    expect(bad.body.code).toBe(400);
  });

  it('lists current and historical entrusts with paging', async () => {
    const u = await registerUser(t);
    await fund(t, u, 'USDT', '1000');
    const a = await place(t, u, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '1',
      quantity: '1',
    });
    const b = await place(t, u, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '2',
      quantity: '1',
    });
    const c = await place(t, u, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '3',
      quantity: '1',
    });
    await t.http().post('/swx/customer/order/chedan').set(as(u)).send({ orderId: b.id });
    const current = await t
      .http()
      .get('/swx/customer/order/listBbOrder?type=current&pageNum=1&pageSize=1')
      .set(as(u));
    expect(current.body.result.total).toBe(2);
    expect(current.body.result.list.map((o: { id: string }) => o.id)).toEqual([c.id]);
    const page2 = await t
      .http()
      .get('/swx/customer/order/listBbOrder?type=current&pageNum=2&pageSize=1')
      .set(as(u));
    expect(page2.body.result.list.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const history = await t.http().get('/swx/customer/order/listBbOrder?type=history').set(as(u));
    expect(history.body.result.list).toEqual([
      expect.objectContaining({
        id: b.id,
        state: 'cancelled',
        symbol: pair.symbol,
        base: pair.base,
        quote: 'USDT',
      }),
    ]);
    const demo = await t.http().get('/swx/customer/order/listBbOrder').set(as(u, 'demo'));
    expect(demo.body.result.total).toBe(0);
    const wrong = await t.http().get('/swx/customer/order/listBbOrder?type=all').set(as(u));
    expect(wrong.body.code).toBe(400);

    const accounts = await t.http().get('/swx/customer/order/listBbAccounts').set(as(u));
    expect(accounts.body.result[0]).toEqual({
      currency: 'USDT',
      symbol: null,
      available: '996',
      frozen: '4',
      holdings: '1000',
      usdtValue: '1000',
    });
  });

  it('keeps the demo book apart from the real one', async () => {
    const u = await registerUser(t);
    const v = await registerUser(t);
    await fund(t, u, pair.base, '1', 'demo');
    await fund(t, v, 'USDT', '1000', 'demo');
    await place(
      t,
      u,
      { symbol: pair.symbol, side: 'sell', type: 'limit', price: '100', quantity: '1' },
      'demo',
    );
    const buy = await place(
      t,
      v,
      { symbol: pair.symbol, side: 'buy', type: 'limit', price: '100', quantity: '1' },
      'demo',
    );
    expect(buy).toMatchObject({ state: 'filled', filled: '1' });
    expect(await balance(t, v, pair.base, 'available', 'demo')).toBe('0.999');
    const demoDepth = await t
      .http()
      .get(`/swx/customer/order/getBbDepth/${pair.symbol}`)
      .set({ virtually: 'NO' });
    expect(demoDepth.body.result).toMatchObject({ book: 'demo', bids: [], asks: [] });
    expect(await reservationViolations(t, pair.symbol)).toEqual([]);
  });

  it('pushes depth, trades and my own order updates over socket.io', async () => {
    const base = await listen(t);
    const p = await createPair(t);
    const maker = await registerUser(t);
    const taker = await registerUser(t);
    await fund(t, maker, p.base, '2');
    await fund(t, taker, 'USDT', '1000');
    const socket = io(`${base}/market`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: taker.token },
    });
    const events: { event: string; data: unknown }[] = [];
    socket.onAny((event: string, data: unknown) => events.push({ event, data }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      await place(t, maker, { symbol: p.symbol, side: 'sell', type: 'limit', price: '50', quantity: '2' });
      const ack = (await emitWithAck(socket, 'spot:subscribe', { symbol: p.symbol, book: 'real' })) as {
        ok: boolean;
        depth: { asks: unknown[] };
      };
      expect(ack.ok).toBe(true);
      expect(ack.depth.asks).toEqual([['50', '2', 1]]);
      expect(await emitWithAck(socket, 'spot:orders', {})).toEqual({ ok: true });
      expect(await emitWithAck(socket, 'spot:subscribe', { symbol: 'bad symbol' })).toMatchObject({
        ok: false,
      });

      const order = await place(t, taker, {
        symbol: p.symbol,
        side: 'buy',
        type: 'limit',
        price: '50',
        quantity: '0.5',
      });
      await waitFor(() => events.some((e) => e.event === 'spot:trades'), 10_000, 'spot:trades');
      await waitFor(
        () =>
          events.some(
            (e) =>
              e.event === 'spot:depth' &&
              JSON.stringify((e.data as { asks: unknown }).asks) === '[["50","1.5",1]]',
          ),
        10_000,
        'spot:depth',
      );
      const trades = events.find((e) => e.event === 'spot:trades')!.data as {
        trades: { price: string; quantity: string }[];
      };
      expect(trades.trades).toEqual([
        expect.objectContaining({ price: '50', quantity: '0.5', takerSide: 'buy' }),
      ]);
      await waitFor(
        () => events.some((e) => e.event === 'spot:order' && (e.data as { id: string }).id === order.id),
        10_000,
        'spot:order',
      );
      // The maker's order changed too, but it is not this socket's user's.
      expect(
        events
          .filter((e) => e.event === 'spot:order')
          .every((e) => (e.data as { id: string }).id === order.id),
      ).toBe(true);

      const anonymous = io(`${base}/market`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve) => anonymous.once('connect', () => resolve()));
      expect(await emitWithAck(anonymous, 'spot:orders', {})).toEqual({ ok: false, error: 'unauthorized' });
      anonymous.close();

      // The socket's session is revoked (a logout elsewhere): after the session check it no longer
      // gets the user's orders, made from a new session, while it keeps the public depth.
      const again = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: taker.email, password: taker.password });
      expect(again.body.code).toBe(200);
      await t.http().post('/swx/customer/login/logout').set('Authorization', `Bearer ${taker.token}`);
      await t.app.get(SpotGateway).checkSessions();
      const later = await place(
        t,
        { ...taker, token: again.body.result.token as string },
        { symbol: p.symbol, side: 'buy', type: 'limit', price: '40', quantity: '0.5' },
      );
      await waitFor(
        () =>
          events.some(
            (e) =>
              e.event === 'spot:depth' &&
              JSON.stringify((e.data as { bids: unknown }).bids) === '[["40","0.5",1]]',
          ),
        10_000,
        'spot:depth after the logout',
      );
      // The same batch's order update would follow its depth at once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events.some((e) => e.event === 'spot:order' && (e.data as { id: string }).id === later.id)).toBe(
        false,
      );
    } finally {
      socket.close();
    }
  });

  it('shows every coin order and trade to admins, read only', async () => {
    const token = await adminToken(t);
    const orders = await t
      .http()
      .get(
        `/swx/admin/spot-orders?filter=${encodeURIComponent(JSON.stringify({ symbol: pair.symbol }))}&range=[0,4]`,
      )
      .set('Authorization', `Bearer ${token}`);
    expect(orders.body.code).toBe(200);
    expect(orders.headers['content-range']).toMatch(/^spot-orders 0-4\/\d+$/);
    expect(orders.body.result.every((o: { symbol: string }) => o.symbol === pair.symbol)).toBe(true);
    const trades = await t
      .http()
      .get(
        `/swx/admin/spot-trades?filter=${encodeURIComponent(JSON.stringify({ symbol: pair.symbol, book: 'real' }))}`,
      )
      .set('Authorization', `Bearer ${token}`);
    expect(trades.body.code).toBe(200);
    expect(trades.body.result.length).toBeGreaterThanOrEqual(2);
    const one = await t
      .http()
      .get(`/swx/admin/spot-orders/${orders.body.result[0].id}`)
      .set('Authorization', `Bearer ${token}`);
    expect(one.body.result).toHaveProperty('trades');
    const bad = await t
      .http()
      .get(`/swx/admin/spot-orders?filter=${encodeURIComponent(JSON.stringify({ password: 'x' }))}`)
      .set('Authorization', `Bearer ${token}`);
    expect(bad.body.code).toBe(400);
    const customer = await t.http().get('/swx/admin/spot-orders').set(as(buyer));
    expect(customer.body.code).toBe(401);
    const pairs = await t.http().get('/swx/admin/spot-pairs').set('Authorization', `Bearer ${token}`);
    expect(pairs.body.result.some((p: { symbol: string }) => p.symbol === pair.symbol)).toBe(true);
  });
});
