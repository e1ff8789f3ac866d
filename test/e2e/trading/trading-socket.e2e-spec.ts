import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { Clock } from '@app/common';
import { QueueName } from '@app/queue';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { adminToken, demo, tick } from './trading-support';

const ORDER = '/swx/customer/order';

interface Client {
  socket: Socket;
  events: { event: string; data: Record<string, unknown> }[];
}

interface PositionsPush {
  code: string;
  bid: string;
  ask: string;
  floatingProfit: { real: string; demo: string };
  positions: { id: string; book: string; currentPrice: string; floatingProfit: string; equity: string }[];
}

/*
 * The private /trading socket: only the owner's pushes, after a handshake with a live session.
 * Prices move only by the ticks the tests publish (MARKET_SOURCES=none). BTCUSDT: spread 1.
 */
describe('socket.io /trading (private trading pushes)', () => {
  let t: TestApp;
  let base: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await tick(t, 'BTCUSDT', '65000');
  });
  afterAll(async () => {
    for (const s of open) s.close();
    t.app.get(Clock).set(new Date());
    await t.close();
  });

  async function connect(token: string | undefined): Promise<Client> {
    const socket = io(`${base}/trading`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(token ? { auth: { token } } : {}),
    });
    open.push(socket);
    const events: Client['events'] = [];
    socket.onAny((event: string, data: Record<string, unknown>) => events.push({ event, data }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // The server follows the user's positions once it says ready.
    await waitFor(() => events.find((e) => e.event === 'ready'), 5_000, 'ready');
    return { socket, events };
  }
  const of = (c: Client, event: string) => c.events.filter((e) => e.event === event).map((e) => e.data);
  const buyU = (u: RegisteredUser, body: object) => t.http().post(`${ORDER}/buyU`).set(demo(u)).send(body);

  it('refuses a handshake without a live customer session', async () => {
    await expect(connect(undefined)).rejects.toThrow('unauthorized');
    await expect(connect('not-a-token')).rejects.toThrow('unauthorized');
    await expect(connect(await adminToken(t))).rejects.toThrow('unauthorized');
  });

  it("pushes the owner's order changes and the floating result per tick, to nobody else", async () => {
    const user = await registerUser(t);
    const stranger = await registerUser(t);
    const mine = await connect(user.token);
    const other = await connect(stranger.token);

    const opened = (
      await buyU(user, {
        code: 'BTCUSDT',
        direction: 'buy',
        lots: '0.1',
        leverage: 10,
        takeProfit: '70000',
      })
    ).body.result as { id: string };
    const openEvent = await waitFor(
      () => of(mine, 'order').find((o) => o.id === opened.id && o.state === 'open'),
      5_000,
      'order open pushed',
    );
    expect(openEvent).toMatchObject({ openPrice: '65000.5', margin: '650.005', takeProfit: '70000' });

    // Each tick: bid/ask around the price and the position's result at the bid.
    await tick(t, 'BTCUSDT', '66000');
    const up = await waitFor(
      () =>
        (of(mine, 'positions') as unknown as PositionsPush[]).find(
          (p) => p.code === 'BTCUSDT' && p.bid === '65999.5' && p.positions.length === 1,
        ),
      5_000,
      'positions at 66000',
    );
    expect(up.positions[0]).toMatchObject({
      id: opened.id,
      book: 'demo',
      currentPrice: '65999.5',
      floatingProfit: '99.9',
      equity: '749.905',
    });
    expect(up.floatingProfit).toEqual({ real: '0', demo: '99.9' });

    // Many ticks at once are thinned out, and the last one always arrives.
    for (const price of ['66100', '66200', '66300', '66400', '66500']) await tick(t, 'BTCUSDT', price);
    const last = await waitFor(
      () =>
        (of(mine, 'positions') as unknown as PositionsPush[]).find(
          (p) => p.bid === '66499.5' && p.positions.length === 1,
        ),
      5_000,
      'positions at 66500',
    );
    expect(last.positions[0].floatingProfit).toBe('149.9');

    // The take-profit closes it: the close is pushed with its reason and the tick it used.
    await tick(t, 'BTCUSDT', '70001');
    const closed = await waitFor(
      () => of(mine, 'order').find((o) => o.id === opened.id && o.state === 'closed'),
      10_000,
      'order closed pushed',
    );
    expect(closed).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '70000.5',
      closePriceSource: 'tick',
      profit: '500',
    });
    // Then no position is left to report on the instrument.
    await waitFor(
      () =>
        (of(mine, 'positions') as unknown as PositionsPush[]).find(
          (p) => p.code === 'BTCUSDT' && p.positions.length === 0,
        ),
      5_000,
      'empty positions after the close',
    );

    // Options settlements reach the owner as well.
    const clock = t.app.get(Clock);
    const products = (await t.http().get(`${ORDER}/listOptionsProducts`)).body.result as {
      id: number;
      periodSeconds: number;
    }[];
    const option = (
      await t
        .http()
        .post(`${ORDER}/buyOptions`)
        .set(demo(user))
        .send({ code: 'BTCUSDT', productId: products[0].id, direction: 'up', amount: '100' })
    ).body.result as { id: string };
    await tick(t, 'BTCUSDT', '70100');
    clock.advance((products[0].periodSeconds + 1) * 1000);
    try {
      const queue = t.app.get<Queue>(getQueueToken(QueueName.Trading));
      await (await queue.getJob(`options-settle-${option.id}`))!.promote();
      const settled = await waitFor(
        () => of(mine, 'options:settled').find((o) => o.id === option.id),
        10_000,
        'options settled pushed',
      );
      expect(settled).toMatchObject({ state: 'won', payout: '170', settlePriceSource: 'tick' });
    } finally {
      clock.set(new Date());
    }

    // The stranger's socket heard nothing of it.
    expect(other.events.map((e) => e.event)).toEqual(['ready']);
    await tick(t, 'BTCUSDT', '65000');
  });

  it('a logout ends the socket', async () => {
    const user = await registerUser(t);
    const client = await connect(user.token);
    expect(await client.socket.timeout(5_000).emitWithAck('ping')).toEqual({ ok: true });
    const out = await t
      .http()
      .post('/swx/customer/login/logout')
      .set({ Authorization: `Bearer ${user.token}` });
    expect(out.body.code).toBe(200);
    const closed = new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()));
    expect(await client.socket.timeout(5_000).emitWithAck('ping')).toEqual({ ok: false });
    await closed;
    expect(client.socket.connected).toBe(false);
  });
});
