import { Module } from '@nestjs/common';
import { QueueStatsService } from './queue-stats.service';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** The console dashboard's figures (see StatsService for why they live in the platform). */
@Module({
  controllers: [StatsController],
  providers: [StatsService, QueueStatsService],
})
export class StatsModule {}
