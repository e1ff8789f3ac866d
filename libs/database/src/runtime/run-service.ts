import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
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
  /**
   * Contracts of other services (tokens of @app/common such as WITHDRAWAL_BLOCKER) that the modules
   * of this process consult. Their consumers inject them @Optional() (the platform provides them
   * all), so a process without one would skip the rule it stands for: it refuses to start instead.
   */
  requires?: readonly symbol[];
}

/** The tokens of `required` that no module of the app provides. */
export function missingContracts(app: INestApplicationContext, required: readonly symbol[] = []): symbol[] {
  // Through the ModuleRef: a failed app.get() of an app made with abortOnError ends the process.
  const modules = app.get(ModuleRef);
  return required.filter((token) => {
    try {
      modules.get(token, { strict: false });
      return false;
    } catch {
      return true;
    }
  });
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
  const missing = missingContracts(app, definition.requires);
  if (missing.length) {
    process.stderr.write(
      `\n[${definition.name}] cannot run without ${missing.map((t) => t.description ?? String(t)).join(', ')}: ` +
        'add the module of the service that provides it to the modules of this process\n\n',
    );
    await app.close().catch(() => undefined);
    await infra.stop();
    process.exit(1);
  }
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
