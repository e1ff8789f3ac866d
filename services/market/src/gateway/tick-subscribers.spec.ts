import type { Socket } from 'socket.io';
import { Decoder, type Packet } from 'socket.io-parser';
import { WebSocket } from 'ws';
import { TickSubscribers } from './tick-subscribers';

/** ws's frame parser (exported at run time as WebSocket.Receiver, not in its typings). */
const { Receiver } = WebSocket as unknown as {
  Receiver: new (options: { isServer: boolean }) => NodeJS.WritableStream & {
    on(event: 'message', listener: (data: Buffer) => void): void;
  };
};

interface Tick {
  code: string;
  price: string;
}

/** A socket.io socket on an open websocket (or long-polling) that records what reaches it. */
function fakeSocket(transport: 'websocket' | 'polling' = 'websocket') {
  const writes: Buffer[] = [];
  const emits: [string, unknown][] = [];
  const socket = {
    connected: true,
    conn: {
      readyState: 'open',
      upgrading: false,
      writeBuffer: [] as unknown[],
      transport: {
        name: transport,
        perMessageDeflate: null,
        socket: { readyState: 1, _sender: { sendFrame: (list: Buffer[]) => writes.push(...list) } },
      },
    },
    emit: (event: string, data: unknown) => emits.push([event, data]),
  };
  return { socket, asSocket: socket as unknown as Socket, writes, emits };
}

/** The socket.io events in written websocket frames, decoded as a client would. */
function decode(bytes: Buffer): unknown[][] {
  const events: unknown[][] = [];
  const decoder = new Decoder();
  decoder.on('decoded', (packet: Packet) => {
    expect(packet.nsp).toBe('/market');
    events.push(packet.data as unknown[]);
  });
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer) => {
    const text = data.toString();
    expect(text[0]).toBe('4'); // engine.io "message"
    decoder.add(text.slice(1));
  });
  receiver.write(bytes);
  return events;
}

const btc = { code: 'BTCUSDT', price: '70000.1' };
const eth = { code: 'ETHUSDT', price: '4000.2' };
const sol = { code: 'SOLUSDT', price: '140.3' };
const batch = (...ticks: Tick[]) => new Map(ticks.map((t) => [t.code, t]));

describe('TickSubscribers', () => {
  it('writes each socket the ticks of its codes in one write, built once per set of codes', () => {
    const subscribers = new TickSubscribers<Tick>('/market', 'tick');
    const a = fakeSocket();
    const b = fakeSocket();
    const c = fakeSocket();
    subscribers.add(a.asSocket, ['BTCUSDT', 'ETHUSDT']);
    subscribers.add(b.asSocket, ['ETHUSDT']);
    subscribers.add(b.asSocket, ['BTCUSDT']); // the same set, in another order
    subscribers.add(c.asSocket, ['SOLUSDT']);

    subscribers.send(batch(btc, eth));

    expect(a.writes).toHaveLength(1);
    expect(b.writes).toHaveLength(1);
    expect(b.writes[0]).toBe(a.writes[0]);
    expect(decode(a.writes[0])).toEqual([
      ['tick', btc],
      ['tick', eth],
    ]);
    expect(c.writes).toEqual([]);
    expect([a, b, c].flatMap((s) => s.emits)).toEqual([]);
  });

  it('emits the usual way where a direct write would break the order or is not a websocket', () => {
    const subscribers = new TickSubscribers<Tick>('/market', 'tick');
    const polling = fakeSocket('polling');
    const busy = fakeSocket();
    busy.socket.conn.writeBuffer.push({ type: 'message' }); // engine.io still holds a packet
    const upgrading = fakeSocket();
    upgrading.socket.conn.upgrading = true;
    for (const s of [polling, busy, upgrading]) subscribers.add(s.asSocket, ['BTCUSDT', 'SOLUSDT']);

    subscribers.send(batch(btc, eth, sol));

    for (const s of [polling, busy, upgrading]) {
      expect(s.writes).toEqual([]);
      expect(s.emits).toEqual([
        ['tick', btc],
        ['tick', sol],
      ]);
    }
  });

  it('emits the usual way when ws no longer exports its frame builder', () => {
    const sender = (WebSocket as unknown as { Sender: { frame?: unknown } }).Sender;
    const frame = sender.frame;
    delete sender.frame;
    try {
      const subscribers = new TickSubscribers<Tick>('/market', 'tick');
      const a = fakeSocket();
      subscribers.add(a.asSocket, ['BTCUSDT', 'ETHUSDT']);
      subscribers.send(batch(btc, eth, sol));
      expect(a.writes).toEqual([]);
      expect(a.emits).toEqual([
        ['tick', btc],
        ['tick', eth],
      ]);
    } finally {
      sender.frame = frame;
    }
  });

  it('stops sending a code after remove, and everything after forget or a disconnect', () => {
    const subscribers = new TickSubscribers<Tick>('/market', 'tick');
    const a = fakeSocket();
    const b = fakeSocket();
    const gone = fakeSocket();
    subscribers.add(a.asSocket, ['BTCUSDT', 'ETHUSDT']);
    subscribers.add(b.asSocket, ['BTCUSDT']);
    subscribers.add(gone.asSocket, ['BTCUSDT']);
    subscribers.remove(a.asSocket, ['ETHUSDT']);
    subscribers.remove(b.asSocket, ['BTCUSDT']);
    gone.socket.connected = false;

    subscribers.send(batch(btc, eth));

    expect(a.writes.map(decode)).toEqual([[['tick', btc]]]);
    expect(b.writes).toEqual([]);
    expect(gone.writes).toEqual([]);
    subscribers.forget(a.asSocket);
    subscribers.send(batch(btc));
    expect(a.writes).toHaveLength(1);
    // A socket that disconnected before its subscription was handled is not kept.
    subscribers.add(gone.asSocket, ['ETHUSDT']);
    gone.socket.connected = true;
    subscribers.send(batch(eth));
    expect(gone.writes).toEqual([]);
  });
});
