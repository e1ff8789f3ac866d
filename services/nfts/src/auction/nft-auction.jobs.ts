import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import { NftAuctionService } from './nft-auction.service';

/** How often the database is checked for auctions past their end whose job was lost. */
const SWEEP_EVERY_MS = 60_000;
/** An early job looks again at the end time, but at least this often (the end may have moved). */
const MAX_WAIT_MS = 3_600_000;

@Processor(QueueName.Nfts)
export class NftAuctionProcessor extends WorkerHost {
  constructor(private readonly auction: NftAuctionService) {
    super();
  }

  async process(job: Job, token?: string): Promise<unknown> {
    if (job.name === (JobName.NftAuctionSweep as string)) return this.auction.sweep();
    const { nftId } = job.data as JobPayloads[JobName.NftAuctionClose];
    const outcome = await this.auction.close(nftId);
    if (outcome.state === 'early') {
      // Ran before the end time (clocks differ between processes, or the end was extended).
      await job.moveToDelayed(Date.now() + Math.min(Math.max(outcome.waitMs, 1000), MAX_WAIT_MS), token);
      throw new DelayedError();
    }
    return outcome;
  }
}

@Injectable()
export class NftAuctionScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Nfts) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JobName.NftAuctionSweep,
      { every: SWEEP_EVERY_MS },
      { name: JobName.NftAuctionSweep },
    );
  }
}
