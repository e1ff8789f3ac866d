import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { FailedJob, QueueDepth, QueueStats } from '@app/contracts';
import { bullConnection, QueueName, REDIS_OPTIONS, type RedisOptions } from '@app/queue';

const RECENT_FAILED = 10;
const REASON_CHARS = 300;

/**
 * Depths of every BullMQ queue of the platform (libs/queue's names, and the spot sequencers'
 * `spot-<symbol>` queues, one per pair of orders.spot_pairs), read with Queue.getJobCounts on the
 * same Redis prefix the workers use. The Queue objects only read: no worker runs here.
 */
@Injectable()
export class QueueStatsService implements OnApplicationShutdown {
  private connection: Redis | undefined;
  private readonly queues = new Map<string, Queue>();

  constructor(
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    const connection = this.connection;
    this.connection = undefined;
    await connection?.quit().catch(() => connection.disconnect());
  }

  async stats(now: Date): Promise<QueueStats> {
    const names = await this.queueNames();
    const queues = await Promise.all(
      names.map(async (name): Promise<QueueDepth> => {
        const queue = this.queue(name);
        const [counts, paused] = await Promise.all([
          queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
          queue.isPaused(),
        ]);
        return {
          name,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
          paused,
        };
      }),
    );
    const failed = await Promise.all(
      queues
        .filter((q) => q.failed > 0)
        .map(async (q) =>
          (await this.queue(q.name).getFailed(0, RECENT_FAILED - 1)).map(
            (job): FailedJob & { at: number } => ({
              queue: q.name,
              id: String(job.id),
              name: job.name,
              reason: (job.failedReason ?? '').slice(0, REASON_CHARS),
              attempts: job.attemptsMade,
              failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
              at: job.finishedOn ?? job.timestamp,
            }),
          ),
        ),
    );
    const recentFailed = failed
      .flat()
      .sort((a, b) => b.at - a.at)
      .slice(0, RECENT_FAILED)
      .map(({ at: _at, ...job }) => job);
    return { asOf: now.toISOString(), queues, recentFailed };
  }

  /** Every queue name of libs/queue (the spot prefix stands for its per-pair queues). */
  private async queueNames(): Promise<string[]> {
    const pairs = await this.dataSource.query<{ symbol: string }[]>(
      `SELECT symbol FROM orders.spot_pairs ORDER BY symbol`,
    );
    return [
      ...Object.values(QueueName).filter((name) => name !== QueueName.Spot),
      ...pairs.map((p) => `${QueueName.Spot}-${p.symbol}`),
    ];
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.connection ??= new Redis(bullConnection(this.redisOptions.url));
      queue = new Queue(name, { connection: this.connection, prefix: `${this.redisOptions.prefix}-bull` });
      this.queues.set(name, queue);
    }
    return queue;
  }
}
