import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AppException,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  WindsDown,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import {
  DepthQuery,
  ListBbOrderQuery,
  SpotOrderRefDto,
  SubmitSpotOrderDto,
  TradesQuery,
} from './dto/spot.dto';
import { SpotService } from './spot.service';

function symbolParam(raw: string): string {
  if (!/^[A-Z0-9]{2,20}$/.test(raw)) throw AppException.field('symbol', 'validation.invalid');
  return raw;
}

@ApiTags('coin-to-coin (spot) orders')
@Controller('swx/customer/order')
export class SpotController {
  constructor(private readonly spot: SpotService) {}

  @Post('submit')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary:
      'Place a coin order on a pair of the chosen book: limit (price + quantity) or market (a sell by quantity, ' +
      'a buy by the USDT amount to spend). A buy holds the quote coin, a sell the base coin, at once; the ' +
      "pair's sequencer then matches it (price-time priority; your own resting orders are cancelled rather " +
      'than traded with). Answers the order once matched (state open, partial, filled or cancelled), or ' +
      'pending when the sequencer is slower. Errors: 10092 balance, 400 price/quantity off the tick/lot grid',
  })
  submit(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: SubmitSpotOrderDto) {
    return this.spot.submit(p.id, book, dto);
  }

  @Post('chedan')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @WindsDown()
  @ApiOperation({
    summary:
      'Cancel one of my coin orders that is not completed: it leaves the book and what it still holds returns ' +
      '(20005). 10089 when it is already completed or cancelled; 404 for an order that is not mine',
  })
  chedan(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: SpotOrderRefDto) {
    return this.spot.cancel(p.id, book, dto.orderId);
  }

  @Get('listBbOrder')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My coin orders of the book, newest first: current entrusts or historical entrusts, paged',
  })
  list(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Query() q: ListBbOrderQuery) {
    return this.spot.list(p.id, book, q);
  }

  @Get('getBbOrderById/:id')
  @CustomerAuth()
  @ApiOperation({ summary: 'One of my coin orders with its trades' })
  get(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Param('id') id: string) {
    if (!/^\d{1,18}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    return this.spot.get(p.id, book, id);
  }

  @Get('listBbAccounts')
  @CustomerAuth()
  @ApiOperation({
    summary:
      'My coin accounts in the chosen book: available, frozen (held by open orders), holdings and their USDT value',
  })
  accounts(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book) {
    return this.spot.accounts(p.id, book);
  }

  @Get('listBbPairs')
  @ApiOperation({
    summary:
      'The coin pairs (every crypto coin against USDT) with tick and lot sizes, last price and fee rate (percent)',
  })
  pairs(@CurrentBook() book: Book) {
    return this.spot.pairsList(book);
  }

  @Get('getBbDepth/:symbol')
  @ApiOperation({
    summary:
      'The order book of a pair in the chosen book: aggregated levels [price, quantity, orders], best first',
  })
  depth(@CurrentBook() book: Book, @Param('symbol') symbol: string, @Query() q: DepthQuery) {
    return this.spot.depth(book, symbolParam(symbol), q.levels ?? 20);
  }

  @Get('listBbTrades/:symbol')
  @ApiOperation({ summary: 'The latest trades of a pair in the chosen book, newest first' })
  trades(@CurrentBook() book: Book, @Param('symbol') symbol: string, @Query() q: TradesQuery) {
    return this.spot.trades(book, symbolParam(symbol), q.limit ?? 50);
  }
}
