import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppException } from '@app/common';
import { InstrumentsService } from '../instruments/instruments.service';
import { ListMarketQueryDto } from './dto/market-query.dto';
import { MarketDataService } from './market-data.service';
import { PriceService } from './price.service';

@ApiTags('index')
@Controller('swx/customer/index')
export class MarketsController {
  constructor(
    private readonly instruments: InstrumentsService,
    private readonly market: MarketDataService,
    private readonly prices: PriceService,
  ) {}

  @Get('listMarketByType')
  @ApiOperation({ summary: 'One page of the market list of a type: {list: market items, total}' })
  async listMarketByType(@Query() q: ListMarketQueryDto) {
    const all = this.instruments.ofType(q.type);
    const size = q.pageSize ?? 20;
    const offset = ((q.pageNum ?? 1) - 1) * size;
    return { list: await this.market.items(all.slice(offset, offset + size)), total: all.length };
  }

  @Get('getMarketInfo/:id')
  @ApiOperation({
    summary: 'One market item with precision, contract size, spread, leverages and hours',
    description:
      '`tradable`: what an order meets now (hours, market closures, suspension, the feed). ' +
      '`nextOpenAt` (ISO time or null): when the market opens next by its trading hours and the ' +
      'market closures of its type (holidays, early closes); while it is open, the opening after ' +
      'its next close; null for a market open all hours (crypto), a suspended instrument, or no ' +
      'opening within 30 days. `nextCloseAt` (ISO time or null): while open, when it closes next ' +
      '(the session end or a closure); null while closed. `nextCloseEarly`: whether that close is ' +
      "a closure's (an early close or a holiday) rather than the session's end.",
  })
  async getMarketInfo(@Param('id') id: string) {
    if (!/^\d{1,9}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    const instrument = this.instruments.byId(Number(id));
    // What an order would meet now: hours, suspension, the feed guard's pause, a stale feed.
    return this.market.info(instrument, await this.prices.isTradableNow(instrument.code));
  }
}
