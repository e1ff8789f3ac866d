import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server } from 'socket.io';
import { REDIS_OPTIONS, type RedisOptions } from '@app/queue';

/**
 * Puts the socket.io server on @socket.io/redis-adapter, so that a broadcast from any process
 * (e.g. to a `user:<id>` room) reaches the sockets of every process. Installed from the gateway's
 * afterInit: `server.adapter()` re-creates the adapter of every namespace, and namespaces made
 * later inherit it, so the shared app factory needs no socket code. Its two connections close
 * after the socket server (application shutdown comes after Nest closes the gateways).
 */
@Injectable()
export class SocketRedisAdapterService implements OnApplicationShutdown {
  private clients: Redis[] = [];

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  install(server: Pick<Server, 'adapter'>): void {
    if (this.clients.length > 0) return;
    const pub = new Redis(this.options.url, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${this.options.prefix}:socket.io` }));
  }

  async onApplicationShutdown(): Promise<void> {
    const clients = this.clients;
    this.clients = [];
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
