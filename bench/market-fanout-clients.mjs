// bench/market-fanout client process: opens COUNT connections to one server and counts what they
// receive. Driven by its parent over IPC: connect -> 'connected', subscribe -> 'subscribed',
// reset (start of the measured window), report -> its counters and tick latencies.
// PROTOCOL=sio: socket.io-client on the websocket transport, with a decoder that reads tick packets
// and only counts market lists (parsing 5,000 x 20 KB lists a second would make the clients, not
// the server, the bottleneck). PROTOCOL=eio (the default of the socket.io targets): the same
// socket.io protocol spoken over a plain ws client, a fraction of socket.io-client's CPU, so that on
// a 2-core machine the clients leave the server its core. PROTOCOL=ws: plain ws clients of the ws
// reference, same treatment.
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

// PROTOCOL=eio: the socket.io wire protocol (engine.io v4 over a plain ws socket) spoken by hand:
// the open packet, the namespace connect, pong to ping, one subscribe with an ack, and events read
// as strings. socket.io-client costs about 10 us per message; this a fraction of that.
let ackIds = 0;
const TS_KEY = Buffer.from('"ts":');
let checked = 0;
/**
 * The `ts` of a tick frame, read from its bytes (`..."ts":1764270000123}]`) without parsing the
 * JSON; one frame in 1,000 is also parsed whole and must agree, else the run fails.
 */
function tickTs(data) {
  const at = data.lastIndexOf(TS_KEY);
  let ts = null;
  for (let i = at + TS_KEY.length; at >= 0 && i < data.length; i++) {
    const c = data[i];
    if (c < 0x30 || c > 0x39) break;
    ts = (ts ?? 0) * 10 + (c - 0x30);
  }
  if (checked++ % 1000 === 0) {
    const [event, tick] = JSON.parse(data.toString('utf8', 10));
    const ok = event === 'tick' && typeof tick?.code === 'string' && 'price' in tick && tick.ts === ts;
    // The parent fails the run at its next command.
    if (!ok) process.send({ type: 'error', message: `unexpected tick frame: ${data}` });
  }
  return ts;
}
function openEio() {
  const base = URL_BASE.replace(/^http/, 'ws');
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    const acks = new Map();
    let connected = false;
    ws.emitWithAck = (event, body) =>
      new Promise((ok, fail) => {
        const id = ackIds++;
        acks.set(id, ok);
        ws.send(`42/market,${id}${JSON.stringify([event, body])}`, (e) => e && fail(e));
      });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      bytes += data.length;
      // Engine.io type, then socket.io type: '42' event, '43' ack, '40' connect, '2' ping.
      const t0 = data[0];
      if (t0 === 0x34 && data[1] === 0x32) {
        // 42/market,["tick",{...}] or 42/market,["market:list",[...]]: byte 12 is 't' or 'm'.
        if (data[12] === 0x6d) lists++;
        else onTick(tickTs(data));
      } else if (t0 === 0x32) ws.send('3');
      else if (t0 === 0x30) ws.send('40/market,');
      else if (t0 === 0x34 && data[1] === 0x30 && !connected) {
        connected = true;
        resolve(ws);
      } else if (t0 === 0x34 && data[1] === 0x33) {
        const text = data.toString();
        const m = /^43\/market,(\d+)(.*)$/s.exec(text);
        if (m) {
          acks.get(Number(m[1]))?.(JSON.parse(m[2])[0]);
          acks.delete(Number(m[1]));
        }
      } else if (t0 === 0x34 && data[1] === 0x34) reject(new Error(`connect refused: ${data}`));
    });
    ws.on('close', () => {
      if (connected) disconnects++;
      else reject(new Error('closed before connecting'));
    });
    ws.once('error', (error) => {
      ws.terminate();
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
  const open = PROTOCOL === 'ws' ? openWs : PROTOCOL === 'eio' ? openEio : openSio;
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
            const ack =
              PROTOCOL === 'eio'
                ? await c.emitWithAck('subscribe', subscription)
                : await c.timeout(60_000).emitWithAck('subscribe', subscription);
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
