// bench/market-fanout reference (b): a plain `ws` broadcast loop pushing the payloads captured from
// the platform at the platform's rate. Messages are the socket.io event arrays without the
// socket.io framing: ["market:list", [...]] and ["tick", {code, price, zdf, ts}]. A client sends
// {"subscribe": {types, codes}} once.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';

const capture = JSON.parse(readFileSync(process.env.CAPTURE, 'utf8'));
const TICK_MS = Number(process.env.TICK_MS);

const http = createServer();
const wss = new WebSocketServer({ server: http, path: '/market', perMessageDeflate: false });
/** room -> sockets */
const rooms = new Map();
const join = (room, ws) => {
  if (!rooms.has(room)) rooms.set(room, new Set());
  rooms.get(room).add(ws);
};
const tickOf = (t) => ({ code: t.code, price: t.price, zdf: t.zdf, ts: Date.now() });

wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const { subscribe } = JSON.parse(data.toString());
    if (!subscribe) return;
    for (const type of subscribe.types ?? []) {
      join(`type:${type}`, ws);
      ws.send(JSON.stringify(['market:list', capture.lists[type] ?? []]));
    }
    for (const code of subscribe.codes ?? []) {
      join(`symbol:${code}`, ws);
      const tick = capture.ticks.find((t) => t.code === code);
      if (tick) ws.send(JSON.stringify(['tick', tickOf(tick)]));
    }
  });
  ws.on('close', () => {
    for (const members of rooms.values()) members.delete(ws);
  });
});

/** Encodes once, sends the same buffer to every member of the room. */
function broadcast(room, message) {
  const members = rooms.get(room);
  if (!members?.size) return;
  const data = Buffer.from(JSON.stringify(message));
  for (const ws of members) ws.send(data, { binary: false });
}

setInterval(() => {
  for (const tick of capture.ticks) broadcast(`symbol:${tick.code}`, ['tick', tickOf(tick)]);
  for (const type of capture.types) broadcast(`type:${type}`, ['market:list', capture.lists[type]]);
}, TICK_MS);

http.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ws ready'));
