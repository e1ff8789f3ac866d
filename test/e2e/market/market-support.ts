import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { PriceService } from '@app/market';
import { FeedService } from '@app/market/price-sources/feed.service';
import type { TestApp } from '../../support/test-app';

/** Polls until `check` returns a value (not undefined, null or false) or the time is up. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<Exclude<T, false | undefined | null>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, false | undefined | null>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first start on a run's database generates 30 days of history: a minute or more on a busy
 * machine. The hooks that wait for it get this long.
 */
export const FIRST_START_MS = 180_000;

/**
 * Waits until some app of the same Redis prefix is the elected feeder, has primed the state and
 * its feed ticked (BTCUSDT, always open, has a live price).
 */
export async function waitForFeeder(...apps: TestApp[]): Promise<TestApp> {
  const leader = await waitFor(
    () => apps.find((t) => t.app.get(FeedService).isFeeder),
    FIRST_START_MS,
    'a feeder',
  );
  await waitFor(
    async () => (await leader.http().get('/swx/customer/index/getMarketInfo/1')).body.result?.nowPrice,
    FIRST_START_MS,
    'primed prices',
  );
  // And the first tick: until the feed delivered one, the primed prices are not traded on (stale).
  const prices = leader.app.get(PriceService);
  await waitFor(
    () =>
      prices.quote('BTCUSDT').then(
        () => true,
        () => false,
      ),
    FIRST_START_MS,
    'the first tick',
  );
  return leader;
}

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface Client {
  socket: Socket;
  events: { event: string; data: unknown }[];
  close: () => void;
}

/** A socket.io client of /market; websocket only unless told (`['polling']`: long-polling only). */
export async function connect(
  base: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<Client> {
  const socket = io(`${base}/market`, { transports, upgrade: false, reconnection: false, forceNew: true });
  const events: Client['events'] = [];
  socket.onAny((event: string, data: unknown) => events.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events, close: () => socket.close() };
}

export function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<unknown> {
  return socket.timeout(10_000).emitWithAck(event, payload);
}

/**
 * A new instrument of the test's own (a metal, always open, price 100, spread 0.02, 2 decimals,
 * leverages 1 and 10), created through the admin API and known to the app's catalogue. Its feed
 * has not ticked yet. Later apps of the run read the catalogue at boot: suspend it afterwards.
 */
export async function createTestInstrument(
  t: TestApp,
  adminToken: string,
  suffix = 'X',
): Promise<{ id: number; code: string }> {
  const code = `T${randomBytes(3).toString('hex').toUpperCase()}${suffix}`;
  const res = await t
    .http()
    .post('/swx/admin/instruments')
    .set({ Authorization: `Bearer ${adminToken}` })
    .send({
      code,
      type: 7,
      appName: `Test metal ${code}`,
      pricePrecision: 2,
      contractSize: '1',
      spread: '0.02',
      leverages: [1, 10],
      tradingHours: { alwaysOpen: true },
      referencePrice: '100',
      volatility: '0.2',
    });
  if (res.body.code !== 200) throw new Error(`creating ${code}: ${JSON.stringify(res.body)}`);
  const prices = t.app.get(PriceService);
  await waitFor(() => prices.instruments().some((i) => i.code === code), 15_000, 'the new instrument');
  return { id: res.body.result.id as number, code };
}
