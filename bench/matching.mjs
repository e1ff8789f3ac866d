// bench/matching: the spot matching engine alone on 1,000,000 mixed orders (limit, market, cancel),
// side by side with the nodejs-order-book package on the same order stream; then a paced run at
// 10,000 orders/s for the per-order latency.
import { requireDist, table, writeResult } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PACED = Number(process.env.BENCH_PACED_ORDERS ?? 50_000);
const { OrderBook } = requireDist('./services/orders/src/spot/matching/index.js');
const reference = requireDist('nodejs-order-book');

/** A deterministic stream: 70% limit, 10% market, 20% cancels of an order placed earlier. */
function makeStream(n, seed = 42) {
  let s = seed >>> 0;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const stream = new Array(n);
  const placed = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.2 && placed.length > 0) {
      stream[i] = { kind: 'cancel', id: placed[Math.floor(rand() * placed.length)] };
      continue;
    }
    const side = rand() < 0.5 ? 'buy' : 'sell';
    const quantity = 1 + Math.floor(rand() * 100);
    const userId = `u${Math.floor(rand() * 1000)}`;
    if (r < 0.3) stream[i] = { kind: 'market', id: `o${i}`, side, quantity, userId };
    else {
      const offset = Math.floor(rand() * 60) - (side === 'buy' ? 40 : 20);
      stream[i] = { kind: 'limit', id: `o${i}`, side, price: 10_000 + offset, quantity, userId };
      placed.push(`o${i}`);
    }
  }
  return stream;
}

function runOurs(stream, latencies) {
  const book = new OrderBook();
  let trades = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < stream.length; i++) {
    const o = stream[i];
    const t0 = latencies ? process.hrtime.bigint() : 0n;
    if (o.kind === 'cancel') book.cancel(o.id);
    else
      trades += book.place({
        id: o.id,
        userId: o.userId,
        side: o.side,
        type: o.kind,
        price: o.price,
        quantity: o.quantity,
      }).trades.length;
    if (latencies) latencies[i] = Number(process.hrtime.bigint() - t0);
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, trades };
}

function runReference(stream, latencies) {
  const book = new reference.OrderBook();
  let trades = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < stream.length; i++) {
    const o = stream[i];
    const t0 = latencies ? process.hrtime.bigint() : 0n;
    if (o.kind === 'cancel') book.cancel(o.id);
    else if (o.kind === 'market') trades += book.market({ side: o.side, size: o.quantity }).done.length;
    else trades += book.limit({ side: o.side, id: o.id, size: o.quantity, price: o.price }).done.length;
    if (latencies) latencies[i] = Number(process.hrtime.bigint() - t0);
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, trades };
}

function percentile(values, p) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Offers orders at a fixed rate (busy-waiting between them) and records each one's latency. */
function paced(run, stream, perSecond) {
  const latencies = new Float64Array(stream.length);
  const gapNs = 1e9 / perSecond;
  const book = run === 'ours' ? new OrderBook() : new reference.OrderBook();
  const start = process.hrtime.bigint();
  for (let i = 0; i < stream.length; i++) {
    const due = start + BigInt(Math.round(i * gapNs));
    while (process.hrtime.bigint() < due);
    const o = stream[i];
    const t0 = process.hrtime.bigint();
    if (o.kind === 'cancel') book.cancel(o.id);
    else if (run === 'ours')
      book.place({
        id: o.id,
        userId: o.userId,
        side: o.side,
        type: o.kind,
        price: o.price,
        quantity: o.quantity,
      });
    else if (o.kind === 'market') book.market({ side: o.side, size: o.quantity });
    else book.limit({ side: o.side, id: o.id, size: o.quantity, price: o.price });
    latencies[i] = Number(process.hrtime.bigint() - t0);
  }
  return latencies;
}

const stream = makeStream(ORDERS);
// Warm both up on a small stream first so that neither pays the JIT in the measured run.
runOurs(makeStream(50_000, 7));
runReference(makeStream(50_000, 7));

const ours = runOurs(stream);
const ref = runReference(stream);
const oursPaced = paced('ours', makeStream(PACED, 9), 10_000);
const refPaced = paced('reference', makeStream(PACED, 9), 10_000);

const rows = [
  {
    engine: 'swx OrderBook',
    orders: ORDERS,
    trades: ours.trades,
    orders_per_s: Math.round(ORDERS / ours.seconds),
    p50_us_at_10k: (percentile(oursPaced, 50) / 1000).toFixed(2),
    p99_us_at_10k: (percentile(oursPaced, 99) / 1000).toFixed(2),
  },
  {
    engine: 'nodejs-order-book (reference)',
    orders: ORDERS,
    trades: ref.trades,
    orders_per_s: Math.round(ORDERS / ref.seconds),
    p50_us_at_10k: (percentile(refPaced, 50) / 1000).toFixed(2),
    p99_us_at_10k: (percentile(refPaced, 99) / 1000).toFixed(2),
  },
];
const ratio = rows[0].orders_per_s / rows[1].orders_per_s;
console.log(`\nbench/matching: ${ORDERS} mixed orders (70% limit, 10% market, 20% cancel), one process`);
table(rows);
console.log(
  `throughput ratio: ${ratio.toFixed(2)}x the reference (goal >= 1.5x); p99 at 10,000 orders/s: ${rows[0].p99_us_at_10k} us (goal < 50 us)`,
);
writeResult('matching', {
  orders: ORDERS,
  pacedOrders: PACED,
  results: rows,
  ratio: Number(ratio.toFixed(2)),
});
