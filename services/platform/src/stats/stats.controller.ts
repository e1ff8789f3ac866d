import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { AdminAuth, AdminRole, Clock } from '@app/common';
import { QueueStatsService } from './queue-stats.service';
import { StatsService } from './stats.service';

class DailyStatsQuery {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'First UTC day (default: 29 days before `to`)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-01-30', description: 'Last UTC day, included (default: today)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
  to?: string;
}

/** The console's dashboard: every admin role that sees the dashboard reads it (super-admins too). */
@ApiTags('admin')
@Controller('swx/admin/stats')
@AdminAuth(AdminRole.Reviewer, AdminRole.Operator)
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly queueStats: QueueStatsService,
    private readonly clock: Clock,
  ) {}

  @Get('daily')
  @ApiOperation({
    summary:
      'Per UTC day of a range (default the last 30 days, at most 366): approved deposits and executed withdrawals per currency (decimal strings, "0" on quiet days) and new users',
  })
  daily(@Query() query: DailyStatsQuery) {
    return this.stats.daily(this.stats.range(query));
  }

  @Get('current')
  @ApiOperation({
    summary:
      'Now: open interest of open U orders per instrument and book, principal of earning smart and mining plans, and the loan book (open, outstanding, overdue)',
  })
  current() {
    return this.stats.current();
  }

  @Get('queues')
  @ApiOperation({
    summary: 'Every BullMQ queue: waiting, active, delayed and failed jobs, and the latest failed jobs',
  })
  queues() {
    return this.queueStats.stats(this.clock.now());
  }
}
