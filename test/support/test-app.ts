import { randomBytes } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { parseEnvironment, type AppConfig } from '@app/common';
import { buildRootModule, createHttpApp, type ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS, PLATFORM_MODULES } from '../../services/platform/src/platform';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  db: DataSource;
  close: () => Promise<void>;
}

/**
 * The whole platform on the run's database and Redis, with its own Redis key prefix so that
 * counters of one test file never leak into another.
 */
export async function createTestApp(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  /** Extra modules for a test (e.g. a controller that exercises a shared mechanism). */
  extraModules: (Type | DynamicModule)[] = [],
  /**
   * Another composition than the platform's: a service's definition as its main.ts runs it alone
   * (services/<name>/src/service.ts), on the run's database (every migration applied) unless
   * `databaseUrl` names another one.
   */
  composition: Pick<ServiceDefinition, 'modules' | 'migrations'> & { databaseUrl?: string } = {
    modules: PLATFORM_MODULES,
    migrations: PLATFORM_MIGRATIONS,
  },
): Promise<TestApp> {
  const databaseUrl = composition.databaseUrl ?? process.env.TEST_RUN_DATABASE_URL;
  const redisUrl = process.env.TEST_RUN_REDIS_URL;
  if (!databaseUrl || !redisUrl)
    throw new Error('run the e2e tests through jest.e2e.config.js (global setup)');
  const env = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    REDIS_PREFIX: `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    SEND_CODE_MAX_PER_IP_PER_HOUR: '100000',
    SEND_CODE_MAX_PER_IP_PER_DAY: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    ...overrides,
  });
  // JWT_SECRET given: several apps of one test act as processes of one deployment.
  const config: AppConfig = { ...env, jwtSecret: overrides.JWT_SECRET ?? randomBytes(32).toString('hex') };
  const app = await createHttpApp(
    buildRootModule(config, { databaseUrl, redisUrl }, composition.migrations, [
      ...composition.modules,
      ...extraModules,
    ]),
    config,
    // Another composition that cannot be built fails its test instead of ending the worker.
    composition.modules === PLATFORM_MODULES,
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const db = app.get(DataSource);
  return {
    app,
    config,
    db,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}
