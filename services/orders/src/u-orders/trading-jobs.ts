import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import { OptionsService } from '../options/options.service';
import { PositionEngine } from './position-engine.service';

/** How often every live order is checked against the current quotes, whatever the tick stream did. */
const SWEEP_EVERY_MS = 5_000;

@Processor(QueueName.Trading)
export class TradingProcessor extends WorkerHost {
  constructor(
    private readonly engine: PositionEngine,
    private readonly options: OptionsService,
  ) {
    super();
  }

  async process(job: Job, token?: string): Promise<unknown> {
    if (job.name === (JobName.TradingSweep as string)) {
      const fired = await this.engine.sweep();
      const settled = await this.options.settleDue();
      return { fired, settled };
    }
    const { orderId } = job.data as JobPayloads[JobName.OptionsSettle];
    const settled = await this.options.settle(orderId);
    if (settled === 'early') {
      // Ran before the expiry (clocks differ between processes): look again in a second.
      await job.moveToDelayed(Date.now() + 1000, token);
      throw new DelayedError();
    }
    return settled ? settled.state : 'already settled';
  }
}

@Injectable()
export class TradingScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TradingScheduler.name);
  private catchingUp: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectQueue(QueueName.Trading) private readonly queue: Queue,
    private readonly options: OptionsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // What fell due while no process ran is settled at once, at the prices of its own moment;
    // in the background, so that a long backlog does not hold the start.
    this.catchingUp = this.options
      .settleDue(Number.MAX_SAFE_INTEGER)
      .then((n) => n > 0 && this.logger.log(`options settled at start: ${n}`))
      .catch((error: Error) => this.logger.error(`options at start: ${error.message}`));
    // At start (catching up what happened while down) and every few seconds after.
    await this.queue.upsertJobScheduler(
      JobName.TradingSweep,
      { every: SWEEP_EVERY_MS },
      { name: JobName.TradingSweep },
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.catchingUp;
  }
}
