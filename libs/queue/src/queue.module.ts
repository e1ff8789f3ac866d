import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { DEFAULT_JOB_OPTIONS } from './queue-names';

/** ioredis options for BullMQ from a redis:// URL (BullMQ needs its own connections). */
export function bullConnection(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** The BullMQ root: one connection setting and key prefix for every queue of the process. */
@Module({})
export class QueueModule {
  static forRoot(options: { url: string; prefix: string }): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRoot({
          connection: bullConnection(options.url),
          prefix: `${options.prefix}-bull`,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        }),
      ],
      exports: [BullModule],
    };
  }
}
