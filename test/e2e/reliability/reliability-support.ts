import { randomBytes } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { hashSecret, parseEnvironment, type AppConfig } from '@app/common';
import { buildRootModule, createHttpApp } from '@app/database';
import { PLATFORM_MIGRATIONS, PLATFORM_MODULES } from '../../../services/platform/src/platform';
import type { TestApp } from '../../support/test-app';
import { uniqueName } from '../../support/users';
import { parsePrintedRoutes } from './reliability-fixtures';

export interface ReliabilityApp extends TestApp {
  /** The route table as the HTTP server holds it. */
  routes: () => { method: string; url: string }[];
}

/**
 * The whole platform as test/support/test-app.ts builds it (quieter logs), plus the route table as
 * fastify holds it: the tests walk that table, so a route added later cannot be left out.
 */
export async function createReliabilityApp(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  extraModules: (Type | DynamicModule)[] = [],
): Promise<ReliabilityApp> {
  const databaseUrl = process.env.TEST_RUN_DATABASE_URL;
  const redisUrl = process.env.TEST_RUN_REDIS_URL;
  if (!databaseUrl || !redisUrl)
    throw new Error('run the e2e tests through jest.e2e.config.js (global setup)');
  const env = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'fatal',
    REDIS_PREFIX: `test-${process.env.TEST_RUN_ID}-${randomBytes(4).toString('hex')}`,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    SEND_CODE_MAX_PER_IP_PER_HOUR: '100000',
    SEND_CODE_MAX_PER_IP_PER_DAY: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    ...overrides,
  });
  const config: AppConfig = { ...env, jwtSecret: randomBytes(32).toString('hex') };
  const app: NestFastifyApplication = await createHttpApp(
    buildRootModule(config, { databaseUrl, redisUrl }, PLATFORM_MIGRATIONS, [
      ...PLATFORM_MODULES,
      ...extraModules,
    ]),
    config,
  );
  const fastify = app.getHttpAdapter().getInstance();
  await app.init();
  await fastify.ready();
  const db = app.get(DataSource);
  return {
    app,
    config,
    db,
    routes: () => parsePrintedRoutes(fastify.printRoutes()),
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const REAL = { virtually: 'YES' };

export async function superAdminToken(t: TestApp): Promise<string> {
  const res = await t
    .http()
    .post('/swx/admin/login')
    .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
  return res.body.result.token as string;
}

/** A new admin with the given roles, logged in. */
export async function adminWithRoles(t: TestApp, roles: string[]): Promise<{ id: string; token: string }> {
  const email = `${uniqueName('adm')}@example.com`;
  const password = 'reliability-admin-password';
  const rows: { id: string }[] = await t.db.query(
    `INSERT INTO accounts.admin_users (email, password_hash, roles, active) VALUES ($1, $2, $3, true) RETURNING id`,
    [email, await hashSecret(password), roles],
  );
  const res = await t.http().post('/swx/admin/login').send({ email, password });
  if (res.body.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return { id: rows[0].id, token: res.body.result.token as string };
}
