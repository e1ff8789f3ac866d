import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppException } from '@app/common';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketClock } from '../instruments/market-clock';
import { KlineQueryDto, parseTime } from './dto/kline-query.dto';
import { PERIOD_MS } from './kline-period';
import { KlinesService } from './klines.service';

const DAY_MS = 24 * 3600 * 1000;

@ApiTags('index')
@Controller('swx/customer/index')
export class KlinesController {
  constructor(
    private readonly klines: KlinesService,
    private readonly instruments: InstrumentsService,
    private readonly clock: MarketClock,
  ) {}

  @Get('getKValueByCodeAndDate')
  @ApiOperation({
    summary:
      'Candles {time, open, high, low, close, volume} of an instrument, oldest first: of one UTC day (date) or between from and to',
  })
  getKValueByCodeAndDate(@Query() q: KlineQueryDto) {
    const instrument = this.instruments.byCode(q.code);
    const limit = q.limit ?? 500;
    if (q.date !== undefined) {
      // The route's name promises a date: the candles that open on that UTC day.
      const day = parseTime(q.date);
      if (!day) throw AppException.field('date', 'validation.invalid');
      if (q.from !== undefined || q.to !== undefined) throw AppException.field('date', 'validation.invalid');
      return this.klines.range(instrument.id, q.period, day, new Date(day.getTime() + DAY_MS - 1), limit);
    }
    const to = parseTime(q.to) ?? this.clock.now();
    const from = parseTime(q.from) ?? new Date(to.getTime() - limit * PERIOD_MS[q.period]);
    if (q.from !== undefined && !parseTime(q.from)) throw AppException.field('from', 'validation.invalid');
    if (q.to !== undefined && !parseTime(q.to)) throw AppException.field('to', 'validation.invalid');
    if (from > to) throw AppException.field('from', 'validation.invalid');
    return this.klines.range(instrument.id, q.period, from, to, limit);
  }
}
