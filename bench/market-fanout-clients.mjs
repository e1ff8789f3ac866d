// bench/market-fanout client process: opens COUNT connections to one server and counts what they
// receive. Driven by its parent over IPC: connect -> 'connected', subscribe -> 'subscribed',
// reset (start of the measured window), report -> its counters and tick latencies.
// PROTOCOL=sio: socket.io-client on the websocket transport, with a decoder that reads tick packets
// and only counts market lists (parsing 5,000 x 20 KB lists a second would make the clients, not
// the server, the bottleneck). PROTOCOL=eio: the same socket.io protocol spoken over a plain ws
// client, a fraction of socket.io-client's CPU, so that on a 2-core machine the clients leave the
// server its core. PROTOCOL=raw (the default of the socket.io targets): the same protocol, with the
// websocket frames read from the TCP stream (see openRaw). PROTOCOL=ws: plain ws clients of the ws
// reference, same treatment.
import { io } from 'socket.io-client';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import WebSocket, { Sender } from 'ws';

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
/**
 * The socket.io side of a lean client (eio, raw): reads each engine.io packet (a websocket text
 * frame's bytes), answers pings, connects to /market and settles acknowledgements. `send` writes
 * one text frame; `onConnect(error?)` is called once, when /market accepted or refused.
 */
class SocketIoSession {
  constructor(send, onConnect) {
    this.send = send;
    this.onConnect = onConnect;
    this.acks = new Map();
    this.connected = false;
  }

  emitWithAck(event, body) {
    return new Promise((ok) => {
      const id = ackIds++;
      this.acks.set(id, ok);
      this.send(`42/market,${id}${JSON.stringify([event, body])}`);
    });
  }

  packet(data) {
    bytes += data.length;
    // Engine.io type, then socket.io type: '42' event, '43' ack, '40' connect, '44' connect error,
    // '2' ping, '0' open.
    const t0 = data[0];
    if (t0 === 0x34 && data[1] === 0x32) {
      // 42/market,["tick",{...}] or 42/market,["market:list",[...]]: byte 12 is 't' or 'm'.
      if (data[12] === 0x6d) lists++;
      else onTick(tickTs(data));
    } else if (t0 === 0x32) this.send('3');
    else if (t0 === 0x30) this.send('40/market,');
    else if (t0 === 0x34 && data[1] === 0x30 && !this.connected) {
      this.connected = true;
      this.onConnect();
    } else if (t0 === 0x34 && data[1] === 0x33) {
      const m = /^43\/market,(\d+)(.*)$/s.exec(data.toString());
      if (m) {
        this.acks.get(Number(m[1]))?.(JSON.parse(m[2])[0]);
        this.acks.delete(Number(m[1]));
      }
    } else if (t0 === 0x34 && data[1] === 0x34) this.onConnect(new Error(`connect refused: ${data}`));
  }
}

function openEio() {
  const base = URL_BASE.replace(/^http/, 'ws');
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    const session = new SocketIoSession(
      (text) => ws.send(text),
      (error) => (error ? reject(error) : resolve(session)),
    );
    ws.on('message', (data, isBinary) => {
      if (!isBinary) session.packet(data);
    });
    ws.on('close', () => {
      if (session.connected) disconnects++;
      else reject(new Error('closed before connecting'));
    });
    ws.once('error', (error) => {
      ws.terminate();
      reject(error);
    });
  });
}

// PROTOCOL=raw: the same socket.io protocol with the websocket frames read from the TCP stream
// here: ws's parser costs about a microsecond per frame, and at 5,000 clients of 20 ticks each on
// a 2-core machine that is the CPU the server's burst waits for. The handshake is checked (status
// 101 and Sec-WebSocket-Accept), frames the client sends are masked by ws's own framer, and every
// server frame must be a final text frame (no fragments, no compression), else the run fails.
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const readBuffer = Buffer.alloc(256 * 1024);
function openRaw() {
  const { hostname, port } = new URL(URL_BASE);
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1')
      .update(key + WS_GUID)
      .digest('base64');
    // Reads land in one buffer shared by every connection (`onread`): no buffer per read and no
    // stream 'data' event, which cost the client process about as much as its frame parsing.
    const socket = net.connect({
      port: Number(port),
      host: hostname,
      onread: { buffer: readBuffer, callback: (nread, buf) => void onChunk(buf.subarray(0, nread)) },
    });
    socket.setNoDelay(true);
    let upgraded = false;
    let pending = null; // bytes of an incomplete frame (or response head)
    const send = (text) =>
      socket.write(
        Buffer.concat(
          Sender.frame(Buffer.from(text), {
            fin: true,
            rsv1: false,
            opcode: 1,
            mask: true,
            readOnly: false,
          }),
        ),
      );
    const session = new SocketIoSession(send, (error) => (error ? fail(error) : resolve(session)));
    const fail = (error) => {
      socket.destroy();
      if (session.connected) process.send({ type: 'error', message: String(error) });
      else reject(error);
    };
    socket.on('connect', () =>
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    const onChunk = (chunk) => {
      let buf = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return void (pending = Buffer.from(buf));
        const head = buf.toString('latin1', 0, end);
        if (!/^HTTP\/1\.1 101/.test(head) || !head.includes(`Sec-WebSocket-Accept: ${accept}`)) {
          return fail(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
        }
        upgraded = true;
        buf = buf.subarray(end + 4);
      }
      let at = 0;
      while (buf.length - at >= 2) {
        const b0 = buf[at];
        let len = buf[at + 1];
        let head = 2;
        if (len === 126) {
          if (buf.length - at < 4) break;
          len = buf.readUInt16BE(at + 2);
          head = 4;
        } else if (len === 127) {
          if (buf.length - at < 10) break;
          len = Number(buf.readBigUInt64BE(at + 2));
          head = 10;
        }
        if (buf.length - at < head + len) break;
        // 0x81: a final text frame; 0x88: close. A masked or other frame is not what a server sends.
        if (b0 === 0x88) return socket.end();
        if (b0 !== 0x81 || buf[at + 1] & 0x80)
          return fail(new Error(`unexpected frame 0x${b0.toString(16)}`));
        session.packet(buf.subarray(at + head, at + head + len));
        at += head + len;
      }
      // A copy: the shared read buffer is overwritten by the next read of any connection.
      if (at < buf.length) pending = Buffer.from(buf.subarray(at));
    };
    socket.on('close', () => {
      if (session.connected) disconnects++;
      else reject(new Error('closed before connecting'));
    });
    socket.on('error', fail);
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
  const open = { ws: openWs, eio: openEio, raw: openRaw, sio: openSio }[PROTOCOL];
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
              PROTOCOL === 'eio' || PROTOCOL === 'raw'
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
