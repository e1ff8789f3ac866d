import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { PriceService } from '@app/market';
import { ExchangeTickerSource } from '@app/market/price-sources/exchange-ticker.source';
import type { Tick } from '@app/market/price-sources/price-source';
import { TRADING_HOURS } from '@app/market/instruments/trading-hours';
import { createTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from './market-support';

// Recorded from a Binance combined stream (fields trimmed), plus the noise a stream also carries.
const RECORDED = [
  '{"result":null,"id":1}',
  '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","E":1718200000000,"s":"BTCUSDT","p":"-120.5","c":"67012.34","o":"67132.84","h":"67500.00","l":"66800.10","v":"18234.1"}}',
  '{"stream":"ethusdt@ticker","data":{"e":"24hrTicker","E":1718200000100,"s":"ETHUSDT","c":"3521.17","o":"3500.00"}}',
  '{"stream":"dogeusdt@ticker","data":{"e":"24hrTicker","E":1718200000200,"s":"DOGEUSDT","c":"0.1501"}}',
  'not json',
  '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","E":1718200001000,"s":"BTCUSDT","c":"67020.99"}}',
];

async function replayServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const urls: string[] = [];
  server.on('connection', (socket: WebSocket, request) => {
    urls.push(request.url ?? '');
    for (const message of RECORDED) socket.send(message);
  });
  const url = () => `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, urls, url, close };
}

const instrument = (code: string) => ({
  code,
  pricePrecision: 2,
  tradingHours: TRADING_HOURS.always,
  volatility: '0.5',
  startPrice: '1',
});

describe('exchange price source (Binance-style combined ticker stream)', () => {
  it('subscribes to the tickers of its instruments and emits their ticks, ignoring the rest', async () => {
    const replay = await replayServer();
    const source = new ExchangeTickerSource(replay.url());
    const ticks: Tick[] = [];
    await source.start([instrument('BTCUSDT'), instrument('ETHUSDT')], (t) => ticks.push(t));
    await waitFor(() => ticks.length >= 3, 10_000, 'replayed ticks');
    await source.stop();
    await replay.close();
    expect(replay.urls).toEqual(['/stream?streams=btcusdt%40ticker%2Fethusdt%40ticker']);
    expect(ticks).toEqual([
      { code: 'BTCUSDT', price: '67012.34', ts: 1718200000000 },
      { code: 'ETHUSDT', price: '3521.17', ts: 1718200000100 },
      { code: 'BTCUSDT', price: '67020.99', ts: 1718200001000 },
    ]);
  });

  it('reconnects when the stream goes silent without closing (no message, no pong)', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    let connections = 0;
    server.on('connection', (socket: WebSocket) => {
      connections += 1;
      const price = connections === 1 ? '67000.00' : '67100.00';
      socket.send(
        JSON.stringify({ stream: 'btcusdt@ticker', data: { E: Date.now(), s: 'BTCUSDT', c: price } }),
        () => {
          // The first connection then hangs as a dead peer does: open, but nothing read or written.
          if (connections === 1) (socket as unknown as { _socket: Socket })._socket.pause();
        },
      );
    });
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
    const source = new ExchangeTickerSource(url, { heartbeatMs: 300 });
    const ticks: Tick[] = [];
    try {
      await source.start([instrument('BTCUSDT')], (t) => ticks.push(t));
      await waitFor(() => ticks.some((t) => t.price === '67100'), 10_000, 'a tick after reconnecting');
      expect(ticks.map((t) => t.price)).toEqual(['67000', '67100']);
      expect(connections).toBe(2);
    } finally {
      await source.stop();
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('backs off while the exchange accepts connections and closes them at once', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const opened: number[] = [];
    server.on('connection', (socket: WebSocket) => {
      opened.push(Date.now());
      socket.close(1013, 'try again later');
    });
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
    const source = new ExchangeTickerSource(url);
    try {
      await source.start([instrument('BTCUSDT')], () => undefined);
      // Delays 0.5, 1, 2 s...: three connections in 2.5 s (a fixed 0.5 s would make five or six).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(opened.length).toBeGreaterThanOrEqual(2);
      expect(opened.length).toBeLessThanOrEqual(3);
    } finally {
      await source.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('as the configured source of an app', () => {
    let t: TestApp;
    let replay: Awaited<ReturnType<typeof replayServer>>;
    beforeAll(async () => {
      replay = await replayServer();
      t = await createTestApp({
        MARKET_SOURCES: 'exchange:BTCUSDT,ETHUSDT',
        MARKET_EXCHANGE_WS_URL: replay.url(),
      });
    });
    afterAll(async () => {
      await t?.close();
      await replay?.close();
    });

    it('feeds the prices the exchange sent', async () => {
      const prices = t.app.get(PriceService);
      // 404 until the feeder has started (it writes the history first): not a failure yet.
      await waitFor(
        () =>
          prices.lastPrice('BTCUSDT').then(
            (price) => price.toFixed() === '67020.99',
            () => false,
          ),
        60_000,
        'the BTC price',
      );
      expect((await prices.lastPrice('ETHUSDT')).toFixed()).toBe('3521.17');
    });
  });
});
