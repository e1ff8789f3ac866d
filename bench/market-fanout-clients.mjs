// bench/market-fanout client process: opens COUNT connections to one server and counts what they
// receive. Driven by its parent over IPC: connect -> 'connected', subscribe -> 'subscribed',
// reset (start of the measured window), report -> its counters and tick latencies.
// PROTOCOL=sio: socket.io-client on the websocket transport, with a decoder that reads tick packets
// and only counts market lists (parsing 5,000 x 20 KB lists a second would make the clients, not
// the server, the bottleneck). PROTOCOL=ws: plain ws clients of the ws reference, same treatment.
import { io } from 'socket.io-client';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import WebSocket from 'ws';

const URL_BASE = process.env.URL_BASE;
const PROTOCOL = process.env.PROTOCOL;
const COUNT = Number(process.env.COUNT);
const CONCURRENCY = 200;
const CONNECT_ATTEMPTS = 3;
const subscription = JSON.parse(process.env.SUBSCRIPTION);

const MAX_LATENCY_MS = 60_000;
let latency = new Uint32Array(MAX_LATENCY_MS + 1);
let lists = 0;
let ticks = 0;
let bytes = 0;
let disconnects = 0;
let connectFailures = 0;
let subscribeFailures = 0;

function onTick(ts) {
  ticks++;
  if (typeof ts === 'number') latency[Math.min(MAX_LATENCY_MS, Math.max(0, Date.now() - ts))]++;
}

// What the decoder gets is the engine.io message payload: the socket.io packet without the engine.io
// type ('4'): EVENT (2), the namespace, then the event array.
const LIST_PREFIX = '2/market,["market:list",';
/** The standard decoder for everything but market lists, which are counted without JSON.parse. */
class CountingDecoder extends Decoder {
  add(obj) {
    if (typeof obj === 'string') {
      bytes += obj.length;
      if (obj.startsWith(LIST_PREFIX)) {
        lists++;
        this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/market', data: ['market:list'] });
        return;
      }
    }
    super.add(obj);
  }
}
const countingParser = { Encoder, Decoder: CountingDecoder };

function openSio() {
  return new Promise((resolve, reject) => {
    const socket = io(`${URL_BASE}/market`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
      parser: countingParser,
    });
    socket.on('tick', (t) => onTick(t?.ts));
    socket.on('disconnect', () => disconnects++);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function openWs() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${URL_BASE.replace(/^http/, 'ws')}/market`, { perMessageDeflate: false });
    ws.on('message', (data) => {
      bytes += data.length;
      // ["market:list",... : byte 2 is 'm'; ["tick",... : 't'.
      if (data[2] === 0x6d) lists++;
      else onTick(JSON.parse(data.toString())[1].ts);
    });
    ws.on('close', () => disconnects++);
    ws.once('open', () => resolve(ws));
    ws.once('error', (error) => {
      ws.terminate();
      reject(error);
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens one connection; a refused or timed-out handshake (a busy server, a full accept backlog) is
 * tried again after a pause, up to CONNECT_ATTEMPTS times.
 */
async function openWithRetry(open) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      await sleep(500 * 2 ** attempt);
    }
  }
}

const connections = [];
/** At most CONCURRENCY handshakes in flight per process: the connections open in a paced stream. */
async function connectAll() {
  const open = PROTOCOL === 'ws' ? openWs : openSio;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        next++;
        // An overloaded server may still refuse or time out some: counted, not fatal.
        const c = await openWithRetry(open).catch(() => null);
        if (c) connections.push(c);
        else connectFailures++;
      }
    }),
  );
}

async function subscribeAll() {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < connections.length) {
        const c = connections[next++];
        try {
          if (PROTOCOL === 'ws') {
            await new Promise((resolve, reject) =>
              c.send(JSON.stringify({ subscribe: subscription }), (e) => (e ? reject(e) : resolve())),
            );
          } else {
            const ack = await c.timeout(60_000).emitWithAck('subscribe', subscription);
            if (!ack?.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
          }
        } catch (error) {
          // A refusal is a bug of the bench; a dropped connection under load is a figure.
          if (String(error).includes('refused')) throw error;
          subscribeFailures++;
        }
      }
    }),
  );
}

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
let cpuAtReset = cpuMs();
let resetAt = performance.now();

process.on('message', async (msg) => {
  try {
    if (msg === 'connect') {
      await connectAll();
      process.send({ type: 'connected' });
    } else if (msg === 'subscribe') {
      await subscribeAll();
      process.send({ type: 'subscribed' });
    } else if (msg === 'reset') {
      latency = new Uint32Array(MAX_LATENCY_MS + 1);
      lists = ticks = bytes = disconnects = 0;
      cpuAtReset = cpuMs();
      resetAt = performance.now();
    } else if (msg === 'report') {
      process.send({
        type: 'report',
        lists,
        ticks,
        bytes,
        disconnects,
        connectFailures,
        subscribeFailures,
        cpuMs: cpuMs() - cpuAtReset,
        elapsedMs: performance.now() - resetAt,
        latency: Array.from(latency),
      });
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});
// The parent went away: leave with it.
process.on('disconnect', () => process.exit(0));
// Stopped by the parent: exit cleanly (a --cpu-prof profile is written at exit).
process.on('SIGTERM', () => process.exit(0));
process.send({ type: 'started' });
