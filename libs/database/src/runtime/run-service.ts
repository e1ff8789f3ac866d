import type { DynamicModule, Type } from '@nestjs/common';
import path from 'node:path';
import type { MixedList } from 'typeorm';
import { parseEnvironment, resolveJwtSecret, type AppConfig } from '@app/common';
import { InfrastructureError, launchInfrastructure } from '../launcher';
import { buildRootModule, createHttpApp, runMigrations } from './app-factory';

export interface ServiceDefinition {
  name: string;
  modules: (Type | DynamicModule)[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /** Runs after migrations, before the HTTP server starts (e.g. seed data). */
  beforeListen?: (app: Awaited<ReturnType<typeof createHttpApp>>, config: AppConfig) => Promise<void>;
  /** Extra lines printed with the URLs. */
  urls?: (base: string) => string[];
}

/**
 * Starts one process of the platform: configuration, the databases (embedded when no URL is
 * given), migrations, the Nest app; drains and stops everything on SIGINT/SIGTERM.
 */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const env = parseEnvironment();
  const dataDir = path.resolve(env.DATA_DIR);
  const config: AppConfig = {
    ...env,
    DATA_DIR: dataDir,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
  };
  const say = (line: string) => process.stdout.write(`${line}\n`);

  let infra;
  try {
    infra = await launchInfrastructure({
      dataDir,
      databaseUrl: config.DATABASE_URL,
      redisUrl: config.REDIS_URL,
    });
  } catch (error) {
    if (error instanceof InfrastructureError) {
      process.stderr.write(`\n${error.message}\n\n`);
      process.exit(1);
    }
    throw error;
  }
  say(
    `[${definition.name}] PostgreSQL: ${infra.embeddedPostgres ? 'embedded, data in ' + path.join(dataDir, 'postgres') : 'DATABASE_URL'}`,
  );
  say(
    `[${definition.name}] Redis: ${infra.embeddedRedis ? 'private redis-server, data in ' + path.join(dataDir, 'redis') : 'REDIS_URL'}`,
  );

  const applied = await runMigrations(infra.databaseUrl, definition.migrations);
  if (applied.length) say(`[${definition.name}] migrations applied: ${applied.join(', ')}`);

  const app = await createHttpApp(
    buildRootModule(config, infra, definition.migrations, definition.modules),
    config,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`[${definition.name}] ${signal}: draining requests and workers`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch(() => undefined);
    await infra.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await definition.beforeListen?.(app, config);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const base = `http://localhost:${port}`;
  say('');
  say(`[${definition.name}] ready`);
  say(`  API:      ${base}/swx/customer  (admin: ${base}/swx/admin)`);
  say(`  OpenAPI:  ${base}/swx/docs`);
  say(`  Health:   ${base}/healthz`);
  for (const line of definition.urls?.(base) ?? []) say(`  ${line}`);
  say('');
}
