import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JobName, QueueName } from '@app/queue';
import { InviteRewardsService, type ScanOutcome } from './invite-rewards.service';

/** How often invitees' new trading fees are rewarded. */
const SCAN_EVERY_MS = 60_000;

@Processor(QueueName.Invite)
export class InviteRewardsProcessor extends WorkerHost {
  constructor(private readonly rewards: InviteRewardsService) {
    super();
  }

  async process(job: Job): Promise<ScanOutcome | null> {
    if (job.name === (JobName.InviteRewardScan as string)) return this.rewards.scan();
    return null;
  }
}

/** One schedule for every process (a job scheduler), not a timer per process. */
@Injectable()
export class InviteRewardsScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Invite) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JobName.InviteRewardScan,
      { every: SCAN_EVERY_MS },
      { name: JobName.InviteRewardScan },
    );
  }
}
