// bench/market-fanout reference (a): a bare socket.io server (no Nest, no Redis) pushing the
// payloads captured from the platform at the platform's rate: every TICK_MS the market list of
// each type to room type:<n> and a tick {code, price, zdf, ts} per captured code to symbol:<code>.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { Server } from 'socket.io';

const capture = JSON.parse(readFileSync(process.env.CAPTURE, 'utf8'));
const TICK_MS = Number(process.env.TICK_MS);

const http = createServer();
const io = new Server(http, { cors: { origin: true } });
const market = io.of('/market');

const tickOf = (t) => ({ code: t.code, price: t.price, zdf: t.zdf, ts: Date.now() });

market.on('connection', (socket) => {
  socket.on('subscribe', async (body, ack) => {
    const types = body?.types ?? [];
    const codes = body?.codes ?? [];
    await socket.join([...types.map((t) => `type:${t}`), ...codes.map((c) => `symbol:${c}`)]);
    for (const type of types) socket.emit('market:list', capture.lists[type] ?? []);
    for (const tick of capture.ticks) if (codes.includes(tick.code)) socket.emit('tick', tickOf(tick));
    ack?.({ ok: true, types, codes });
  });
});

setInterval(() => {
  for (const tick of capture.ticks) market.to(`symbol:${tick.code}`).emit('tick', tickOf(tick));
  for (const type of capture.types) {
    if (market.adapter.rooms.get(`type:${type}`)?.size)
      market.to(`type:${type}`).emit('market:list', capture.lists[type]);
  }
}, TICK_MS);

http.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare socket.io ready'));
