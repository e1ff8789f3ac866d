import { InjectQueue, Processor, WorkerHost, BullModule } from '@nestjs/bullmq';
import { Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { JobName, QueueName, type JobPayloads } from '@app/queue';

/** Stored answers are kept 48 hours (the promise is at least 24), then purged hourly. */
const KEEP_HOURS = 48;

@Processor(QueueName.Maintenance)
export class IdempotencyMaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger('IdempotencyMaintenance');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async process(job: Job<JobPayloads[JobName.PurgeIdempotencyKeys]>): Promise<number> {
    if (job.name !== (JobName.PurgeIdempotencyKeys as string)) return 0;
    // Counted in a CTE: TypeORM answers a bare DELETE ... RETURNING with [rows, count], whose
    // length is always 2.
    const [{ purged }]: { purged: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM common.idempotency_keys WHERE created_at < now() - make_interval(hours => $1) RETURNING 1)
       SELECT count(*)::int AS purged FROM gone`,
      [job.data.olderThanHours],
    );
    if (purged) this.logger.log(`purged ${purged} idempotency keys`);
    return purged;
  }
}

@Injectable()
export class IdempotencyMaintenanceScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Maintenance) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // A job scheduler (not a per-process timer): one schedule however many processes run.
    await this.queue.upsertJobScheduler(
      JobName.PurgeIdempotencyKeys,
      { every: 3600_000 },
      { name: JobName.PurgeIdempotencyKeys, data: { olderThanHours: KEEP_HOURS } },
    );
  }
}

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.Maintenance })],
  providers: [IdempotencyMaintenanceProcessor, IdempotencyMaintenanceScheduler],
})
export class IdempotencyModule {}
