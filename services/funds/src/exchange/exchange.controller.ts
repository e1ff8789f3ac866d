import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { ExchangeDto, ExchangeQuoteQuery } from './dto/exchange.dto';
import { ExchangeService } from './exchange.service';

@ApiTags('funds')
@Controller('swx/customer/user')
@CustomerAuth()
export class ExchangeController {
  constructor(private readonly exchange: ExchangeService) {}

  @Get('dh/currencies')
  @ApiOperation({ summary: 'Coins the currency exchange converts between' })
  currencies() {
    return this.exchange.currencies();
  }

  @Get('dh/quote')
  @ApiOperation({
    summary:
      'Quote a currency exchange (real book): rate, fee and amount received, held for exchange_quote_seconds',
  })
  quote(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Query() q: ExchangeQuoteQuery) {
    return this.exchange.quote(p.id, book, q.from, q.to, q.amount);
  }

  @Post('dh')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      'Currency exchange: executes a quote by quoteId (once, before it expires), or from/to/amount at the current price',
  })
  execute(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: ExchangeDto) {
    return this.exchange.execute(p.id, book, dto);
  }
}
