import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

export interface RedisOptions {
  url: string;
  /** Prefix of every key the platform writes (tests use one per run). */
  prefix: string;
}

export const REDIS_OPTIONS = Symbol('REDIS_OPTIONS');

class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared ioredis connection for counters, locks and pub/sub publishing. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(options: RedisOptions): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS_OPTIONS, useValue: options },
        {
          provide: REDIS_CLIENT,
          useFactory: () =>
            new Redis(options.url, { keyPrefix: `${options.prefix}:`, maxRetriesPerRequest: 3 }),
        },
        RedisShutdown,
      ],
      exports: [REDIS_CLIENT, REDIS_OPTIONS],
    };
  }
}
