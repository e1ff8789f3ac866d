// bench/market-fanout: N socket.io clients on loopback subscribed to a market list and the per-code
// ticks of its instruments while the feed ticks every instrument, against the platform's market
// gateway (dist/services/market/src/main.js: Nest, Redis pub/sub, the Redis adapter) and, in the
// same run with the same clients and rate, two references pushing the same payloads captured from
// the platform: a bare socket.io script (no Nest, no Redis) and a plain `ws` broadcast loop.
// Prints delivered messages per second, p50/p99 tick-to-client latency (the tick's `ts` to its
// arrival) and the server's memory per connection, beside the goals of issue #3.
//
// BENCH_CLIENTS (default 1000,5000), BENCH_SECONDS measured window (default 10), BENCH_TICK_MS
// (default 1000, the platform's MARKET_TICK_MS default), BENCH_CLIENT_PROCS client processes
// (default 1, which leaves the server the other core; more when ulimit -n requires), BENCH_TYPE
// the market list (default 2, crypto),
// BENCH_TARGETS (platform,bare-sio,ws), BENCH_SIO_CLIENT the client of the socket.io targets (raw,
// the default: the socket.io protocol over a TCP socket whose websocket frames the client reads
// itself; eio: the same over a ws client; socket.io-client: the library, three times eio's CPU),
// BENCH_GATEWAYS the platform's gateway processes (default 1), BENCH_SERVER_NODE_ARGS and
// BENCH_CLIENT_NODE_ARGS (node options of the server and of the client processes).
// On a loaded machine compare within one run: the ratio to bare socket.io and the server's CPU
// time per delivered message (`server us/msg`) move far less with the load than the rates do.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, requireDist, root, table, writeResult } from './support.mjs';

// Thousands of sockets need as many file descriptors in the server and the client processes: when
// the soft limit (ulimit -n) is below the hard one, run again under the hard one (children inherit it).
if (!process.env.BENCH_FANOUT_ULIMIT) {
  const raised = spawnSync(
    '/bin/sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_FANOUT_ULIMIT: '1' } },
  );
  process.exit(raised.status ?? 1);
}
const FD_LIMIT =
  Number(spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || 1024;

const CLIENTS = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 1000);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
const TYPE = Number(process.env.BENCH_TYPE ?? 2);
const TARGETS = (process.env.BENCH_TARGETS ?? 'platform,bare-sio,ws').split(',');
// `separate` (default): the platform's feeder (simulator, price state, candles) runs in a process of
// its own and the measured market service only fans out, like the references; `inprocess`: one
// process does both (it then also pays for the feed, and a starved event loop may lose the feeder lock).
const FEEDER = process.env.BENCH_FEEDER ?? 'separate';
// The platform's gateway processes beside the feeder (BENCH_FEEDER=separate): the clients are
// spread over them, as a load balancer would; server CPU and memory are their sums.
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1);
// Node options of the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them.
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SIO_CLIENTS = {
  raw: 'raw (the socket.io protocol, websocket frames read by the client)',
  eio: 'eio (the socket.io protocol over a ws client)',
  sio: 'socket.io-client',
};
const SIO_CLIENT = { 'socket.io-client': 'sio', eio: 'eio', raw: 'raw' }[
  process.env.BENCH_SIO_CLIENT ?? 'raw'
];
if (!SIO_CLIENT)
  throw new Error(`BENCH_SIO_CLIENT: raw, eio or socket.io-client, not ${process.env.BENCH_SIO_CLIENT}`);
// The same for the client processes.
const CLIENT_NODE_ARGS = (process.env.BENCH_CLIENT_NODE_ARGS ?? '').split(' ').filter(Boolean);
const GOALS = { ratioToBareSio: 0.9, p99MsAt5000: 100, deliveredPerSecond: 50_000 };

const { freePort, launchInfrastructure } = requireDist('./libs/database/src/index.js');
const Redis = requireDist('ioredis');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts a server process and resolves once it prints `ready`. */
function startServer(label, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onExit = (code) => reject(new Error(`${label} exited with ${code}:\n${out.slice(-3000)}`));
    child.stdout.on('data', (d) => {
      out += d.toString();
      if (/ready/.test(out)) {
        child.off('exit', onExit);
        resolve(child);
      }
    });
    child.stderr.on('data', (d) => (out += d.toString()));
    child.once('exit', onExit);
  });
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timeout);
}

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kb[1]) * 1024;
}

/** CPU time (user + system) of a process in ms (Linux /proc; clock ticks of 100 Hz). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function getJson(url) {
  const res = await fetch(url);
  const body = await res.json();
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.result;
}

async function waitFor(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The client processes of one run: fork, then drive them through connect/subscribe/measure. */
class ClientFleet {
  /** `urls`: the server's processes; client process i connects to urls[i % urls.length]. */
  constructor(count, protocol, urls, subscription) {
    this.children = [];
    // Each client process stays below the descriptor limit (a socket each, plus its own few).
    const processes = Math.max(CLIENT_PROCS, urls.length, Math.ceil(count / (FD_LIMIT - 100)));
    const per = Math.ceil(count / processes);
    for (let i = 0, left = count; left > 0; i++, left -= per) {
      const child = fork(path.join(root, 'bench', 'market-fanout-clients.mjs'), [], {
        env: {
          ...process.env,
          URL_BASE: urls[i % urls.length],
          PROTOCOL: protocol,
          COUNT: String(Math.min(per, left)),
          SUBSCRIPTION: JSON.stringify(subscription),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: CLIENT_NODE_ARGS,
      });
      child.inbox = [];
      child.waiters = [];
      child.on('message', (msg) => {
        const waiter = child.waiters.findIndex((w) => w.type === msg.type || msg.type === 'error');
        if (waiter >= 0) child.waiters.splice(waiter, 1)[0].resolve(msg);
        else child.inbox.push(msg);
      });
      this.children.push(child);
    }
  }

  next(child, type) {
    const queued = child.inbox.findIndex((m) => m.type === type || m.type === 'error');
    const got =
      queued >= 0
        ? Promise.resolve(child.inbox.splice(queued, 1)[0])
        : new Promise((resolve) => child.waiters.push({ type, resolve }));
    return got.then((msg) => {
      if (msg.type === 'error') throw new Error(`client process: ${msg.message}`);
      return msg;
    });
  }

  async all(command, reply) {
    return Promise.all(
      this.children.map((c) => {
        if (command) c.send(command);
        return this.next(c, reply);
      }),
    );
  }

  async start() {
    await this.all(null, 'started');
  }

  send(command) {
    for (const c of this.children) c.send(command);
  }

  async stop() {
    await Promise.all(
      this.children.map((c) => {
        if (c.exitCode !== null) return undefined;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        return exited;
      }),
    );
  }
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

function percentile(histogram, total, p) {
  if (total === 0) return null;
  const rank = Math.ceil(total * p);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

/** One measured run: a fresh server, N clients connected and subscribed, a warm-up, the window. */
async function measure(target, count, servers, subscription) {
  if (count + 200 > FD_LIMIT) {
    throw new Error(`${count} connections need more file descriptors than ulimit -n allows (${FD_LIMIT})`);
  }
  const server = await servers[target]();
  const pids = server.children.map((c) => c.pid);
  const fleet = new ClientFleet(count, target === 'ws' ? 'ws' : SIO_CLIENT, server.urls, subscription);
  try {
    await fleet.start();
    // The server settles (the platform finishes priming and its first list pushes) before the baseline.
    await sleep(3000);
    const rssBefore = sum(pids.map(rssOf));
    const connectStarted = performance.now();
    await fleet.all('connect', 'connected');
    await fleet.all('subscribe', 'subscribed');
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await sleep(WARMUP_SECONDS * 1000);
    const rssAfter = sum(pids.map(rssOf));
    fleet.send('reset');
    const cpuStart = sum(pids.map(cpuMsOf));
    const started = performance.now();
    await sleep(SECONDS * 1000);
    const reports = await fleet.all('report', 'report');
    const elapsed = (performance.now() - started) / 1000;
    const serverCpu = (sum(pids.map(cpuMsOf)) - cpuStart) / 1000 / elapsed;

    const histogram = new Array(reports[0].latency.length).fill(0);
    let lists = 0;
    let ticks = 0;
    let bytes = 0;
    let disconnects = 0;
    let connectFailures = 0;
    let subscribeFailures = 0;
    let clientCpu = 0;
    for (const r of reports) {
      lists += r.lists;
      ticks += r.ticks;
      bytes += r.bytes;
      disconnects += r.disconnects;
      connectFailures += r.connectFailures;
      subscribeFailures += r.subscribeFailures;
      clientCpu += r.cpuMs / 1000 / elapsed;
      r.latency.forEach((n, ms) => (histogram[ms] += n));
    }
    return {
      target,
      clients: count,
      connectSeconds: Number(connectSeconds.toFixed(1)),
      deliveredPerSecond: Math.round((lists + ticks) / elapsed),
      listsPerSecond: Math.round(lists / elapsed),
      ticksPerSecond: Math.round(ticks / elapsed),
      offeredPerSecond: Math.round((count * subscription.offeredPerClient * 1000) / TICK_MS),
      megabytesPerSecond: Number((bytes / elapsed / 1e6).toFixed(1)),
      p50Ms: percentile(histogram, ticks, 0.5),
      p99Ms: percentile(histogram, ticks, 0.99),
      maxMs: histogram.findLastIndex((n) => n > 0),
      memoryPerConnectionKb: Number(((rssAfter - rssBefore) / count / 1024).toFixed(1)),
      serverRssMb: Math.round(rssAfter / 1e6),
      serverCpu: Number(serverCpu.toFixed(2)),
      // The server's CPU time per delivered message: less sensitive than rates to a loaded machine.
      serverCpuUsPerMessage: Number(((serverCpu * 1e6 * elapsed) / Math.max(1, lists + ticks)).toFixed(1)),
      clientCpu: Number(clientCpu.toFixed(2)),
      disconnects,
      connectFailures,
      subscribeFailures,
    };
  } finally {
    await fleet.stop();
    await server.stop();
  }
}

// BENCH_DATABASE_URL / BENCH_REDIS_URL, else an embedded Postgres and Redis of this bench's own
// (not .data/bench: another bench of the same run may stop that one under it).
const infra = await launchInfrastructure({
  dataDir: path.join(root, '.data', 'bench-market'),
  databaseUrl: process.env.BENCH_DATABASE_URL,
  redisUrl: process.env.BENCH_REDIS_URL,
  databaseName: 'postgres',
  log: (l) => console.error(`[infra] ${l}`),
});
const runId = randomBytes(4).toString('hex');
const prefixes = [];
const capturePath = path.join(tmpdir(), `market-fanout-capture-${runId}.json`);
let feeder;
try {
  const databaseUrl = await freshDatabase(infra.databaseUrl, 'bench_market');
  const platformEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.redisUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    MARKET_TICK_MS: String(TICK_MS),
  };

  /**
   * The platform's market service, primed (its feeder elected, prices in Redis). With `prefix`, a
   * gateway-only process (MARKET_SOURCES=none) beside the feeder that runs on that prefix.
   */
  async function startPlatform(feederPrefix) {
    const port = await freePort();
    const prefix = feederPrefix ?? `bench-market-${runId}-${prefixes.length}`;
    if (!feederPrefix) prefixes.push(prefix);
    const child = await startServer('market service', path.join(root, 'dist/services/market/src/main.js'), {
      ...platformEnv,
      PORT: String(port),
      REDIS_PREFIX: prefix,
      ...(feederPrefix ? { MARKET_SOURCES: 'none' } : {}),
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await getJson(`${url}/swx/customer/index/getMarketInfo/1`)).nowPrice,
      120_000,
      'the feeder to prime the prices',
    );
    return { child, url, stop: () => stopServer(child) };
  }

  /** The measured platform: GATEWAYS gateway processes beside the feeder (or one that feeds too). */
  async function startGateways() {
    const gateways = await Promise.all(
      Array.from({ length: feeder ? GATEWAYS : 1 }, () => startPlatform(feeder ? prefixes[0] : undefined)),
    );
    return {
      children: gateways.map((g) => g.child),
      urls: gateways.map((g) => g.url),
      stop: () => Promise.all(gateways.map((g) => g.stop())),
    };
  }

  // The payloads: the platform's lists of every type and a tick of every instrument that trades
  // now (the simulator ticks only those). The first start also generates the 30-day history.
  console.error('starting the market service (the first start generates 30 days of history)');
  const first = await startPlatform();
  // A price primed from the history is not a live feed: an instrument trades once it has ticked
  // (getMarketInfo's `tradable`), so wait for the first tick of a pair that trades around the clock.
  const crypto = (await getJson(`${first.url}/swx/customer/index/listMarketByType?type=2&pageSize=1`))
    .list[0];
  await waitFor(
    async () => (await getJson(`${first.url}/swx/customer/index/getMarketInfo/${crypto.id}`)).tradable,
    60_000,
    'the feed to tick',
  );
  const lists = {};
  const types = [1, 2, 4, 5, 6, 7];
  const ticking = [];
  for (const type of types) {
    const page = await getJson(`${first.url}/swx/customer/index/listMarketByType?type=${type}&pageSize=100`);
    lists[type] = page.list;
    for (const item of page.list) {
      const info = await getJson(`${first.url}/swx/customer/index/getMarketInfo/${item.id}`);
      if (info.tradable) ticking.push({ code: item.code, price: item.nowPrice, zdf: item.zdf });
    }
  }
  // The feeder of every platform run (BENCH_FEEDER=separate): the measured process only fans out,
  // as a second gateway process does in production; it runs during the references' runs too, so
  // that every target shares the machine with the same feed.
  if (FEEDER === 'separate') feeder = first;
  else await first.stop();
  writeFileSync(capturePath, JSON.stringify({ types, lists, ticks: ticking }));
  const codes = lists[TYPE].map((i) => i.code).filter((c) => ticking.some((t) => t.code === c));
  const subscription = { types: [TYPE], codes };
  const listBytes = JSON.stringify(lists[TYPE]).length;
  console.error(
    `${ticking.length} of ${Object.values(lists).flat().length} instruments trade now; each client ` +
      `subscribes to list type ${TYPE} (${listBytes} bytes) and the ticks of its ${codes.length} codes`,
  );

  const servers = {
    platform: startGateways,
    'bare-sio': async () => {
      const port = await freePort();
      const child = await startServer('bare socket.io', path.join(root, 'bench/market-fanout-bare-sio.mjs'), {
        CAPTURE: capturePath,
        TICK_MS: String(TICK_MS),
        PORT: String(port),
      });
      return { children: [child], urls: [`http://127.0.0.1:${port}`], stop: () => stopServer(child) };
    },
    ws: async () => {
      const port = await freePort();
      const child = await startServer('ws', path.join(root, 'bench/market-fanout-ws.mjs'), {
        CAPTURE: capturePath,
        TICK_MS: String(TICK_MS),
        PORT: String(port),
      });
      return { children: [child], urls: [`http://127.0.0.1:${port}`], stop: () => stopServer(child) };
    },
  };

  const offered = { ...subscription, offeredPerClient: 1 + codes.length };
  // The machine may be shared: its load says how far the figures are from an idle one.
  const loadBefore = loadavg()[0];
  const results = [];
  for (const count of CLIENTS) {
    for (const target of TARGETS) {
      console.error(`${target}: ${count} clients`);
      const result = await measure(target, count, servers, offered);
      console.error(JSON.stringify(result));
      results.push(result);
    }
  }

  const rows = results.map((r) => {
    const bare = results.find((b) => b.target === 'bare-sio' && b.clients === r.clients);
    return {
      target: r.target,
      clients: r.clients,
      'msgs/s': r.deliveredPerSecond,
      offered: r.offeredPerSecond,
      'x bare sio': bare ? (r.deliveredPerSecond / bare.deliveredPerSecond).toFixed(2) : '-',
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'max ms': r.maxMs,
      'KB/conn': r.memoryPerConnectionKb,
      'MB/s': r.megabytesPerSecond,
      'server cpu': r.serverCpu,
      'server us/msg': r.serverCpuUsPerMessage,
      'client cpu': r.clientCpu,
      // Connections refused or dropped before the window, and dropped during it.
      lost: r.connectFailures + r.subscribeFailures + r.disconnects,
    };
  });
  console.log(
    `\nbench/market-fanout: ${CLIENT_PROCS} client processes, tick every ${TICK_MS} ms, ${SECONDS} s ` +
      `window after ${WARMUP_SECONDS} s warm-up; each client: list type ${TYPE} + ${codes.length} code ticks; ` +
      `platform feeder: ${FEEDER}; socket.io targets' clients: ${SIO_CLIENTS[SIO_CLIENT]}`,
  );
  table(rows);
  const load = { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) };
  console.log(`load average (1 min) of the machine: ${load.before} before, ${load.after} after, on 2 cores`);
  const platform5000 = results.find((r) => r.target === 'platform' && r.clients === 5000);
  const bare5000 = results.find((r) => r.target === 'bare-sio' && r.clients === 5000);
  const goals = platform5000
    ? {
        ratioToBareSio: {
          goal: `>= ${GOALS.ratioToBareSio}`,
          measured: bare5000
            ? Number((platform5000.deliveredPerSecond / bare5000.deliveredPerSecond).toFixed(2))
            : null,
        },
        p99MsAt5000: { goal: `< ${GOALS.p99MsAt5000}`, measured: platform5000.p99Ms },
        deliveredPerSecond: {
          goal: `>= ${GOALS.deliveredPerSecond}`,
          measured: platform5000.deliveredPerSecond,
        },
      }
    : null;
  if (goals) {
    console.log('\ngoals of issue #3 at 5,000 clients (platform):');
    table(Object.entries(goals).map(([goal, g]) => ({ goal, target: g.goal, measured: g.measured })));
  }
  writeResult('market-fanout', {
    tickMs: TICK_MS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    clientProcesses: CLIENT_PROCS,
    socketIoClient: SIO_CLIENTS[SIO_CLIENT],
    gateways: GATEWAYS,
    feeder: FEEDER,
    subscription,
    listBytes,
    tickingInstruments: ticking.length,
    loadAverage: load,
    results,
    goals,
  });
} finally {
  await feeder?.stop();
  rmSync(capturePath, { force: true });
  // The run's Redis keys, BullMQ's `<prefix>-bull:` ones too (the bench Redis may be a shared one).
  const redis = new Redis(infra.redisUrl);
  for (const prefix of prefixes) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}[-:]*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  }
  await redis.quit();
  await infra.stop();
}
