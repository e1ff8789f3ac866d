import { CorkingIoAdapter } from './socket-io-adapter';
import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import fastifyMultipart from '@fastify/multipart';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type MixedList } from 'typeorm';
import {
  CommonModule,
  configureHttpApp,
  createAppLogger,
  envelope,
  ErrorCode,
  messageForCode,
  requestLanguage,
  IdempotencyModule,
  installAccessLog,
  PinoNestLogger,
  type AppConfig,
} from '@app/common';
import { LedgerModule } from '@app/ledger';
import { QueueModule, RedisModule } from '@app/queue';
import { buildDataSourceOptions } from '../data-source-options';
import { HealthController } from './health.controller';

export interface RuntimeUrls {
  databaseUrl: string;
  redisUrl: string;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Migrations = MixedList<Function>;

@Module({ controllers: [HealthController] })
class HealthModule {}

/** The root module of a process: shared infrastructure plus the given service modules. */
export function buildRootModule(
  config: AppConfig,
  urls: RuntimeUrls,
  migrations: Migrations,
  modules: (Type | DynamicModule)[],
): DynamicModule {
  @Module({})
  class RootModule {}
  return {
    module: RootModule,
    imports: [
      CommonModule.forRoot(config),
      RedisModule.forRoot({ url: urls.redisUrl, prefix: config.REDIS_PREFIX }),
      QueueModule.forRoot({ url: urls.redisUrl, prefix: config.REDIS_PREFIX }),
      IdempotencyModule,
      TypeOrmModule.forRoot({
        ...buildDataSourceOptions(urls.databaseUrl, migrations),
        autoLoadEntities: true,
      }),
      LedgerModule,
      HealthModule,
      ...modules,
    ],
  };
}

/** Session-level advisory lock key of runMigrations. */
const MIGRATIONS_LOCK = 'swx-migrations';

/**
 * Applies every migration not yet applied (in one transaction each). The processes of a deployment
 * may start at once on one database: each takes the same advisory lock first, so one applies the
 * history and the others then find nothing left to apply.
 */
export async function runMigrations(databaseUrl: string, migrations: Migrations): Promise<string[]> {
  const dataSource = new DataSource(buildDataSourceOptions(databaseUrl, migrations, 2));
  await dataSource.initialize();
  // One connection of the two holds the lock; the migrations run on the other.
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

export async function createHttpApp(
  rootModule: DynamicModule,
  config: AppConfig,
  /** false: a module that cannot be built throws (tests) instead of ending the process. */
  abortOnError = true,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A request Node cannot even parse (headers too large, malformed) is answered in the envelope too.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const status =
        error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify({
        code: ErrorCode.BadRequest,
        result: null,
        message: messageForCode('en', ErrorCode.BadRequest),
      });
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // A URL fastify cannot even decode (e.g. a lone surrogate) still answers in the envelope.
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .status(400)
        .send(
          envelope(
            ErrorCode.BadRequest,
            null,
            messageForCode(requestLanguage(request), ErrorCode.BadRequest),
          ),
        );
    },
  });
  const logger = createAppLogger(config.LOG_LEVEL);
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError,
  });
  installAccessLog(app.getHttpAdapter().getInstance(), logger);
  // Multipart for image uploads; each route sets its own (smaller) file limit when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 6, parts: 40 } });
  configureHttpApp(app as INestApplication);
  app.useWebSocketAdapter(new CorkingIoAdapter(app));
  return app;
}
