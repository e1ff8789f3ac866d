import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AppException,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { BuyOptionsDto, ListOptionsQuery } from './dto/options.dto';
import { OptionsService } from './options.service';

@ApiTags('options orders')
@Controller('swx/customer/order')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get('listOptionsProducts')
  @ApiOperation({ summary: 'Options products: period in seconds, payout rate on a win, stake range' })
  products() {
    return this.options.products();
  }

  @Post('buyOptions')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary:
      'Buy an up/down option (20004): the stake is held until expiry, then settled against the feed ' +
      'price: a win pays stake x (1 + rate), a loss keeps the stake, the same price returns it. ' +
      'Errors: 10014 product, 10016 amount, 10015 market closed, 10092 balance',
  })
  buy(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: BuyOptionsDto) {
    return this.options.buy(p.id, book, dto);
  }

  @Get('listOptionsOrder')
  @CustomerAuth()
  @ApiOperation({ summary: 'My options orders of the book, newest first (state: current, history, ...)' })
  list(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Query() q: ListOptionsQuery) {
    return this.options.list(p.id, book, q);
  }

  @Get('getOptionsOrderById/:id')
  @CustomerAuth()
  @ApiOperation({ summary: 'One of my options orders, with the price (source and time) it was settled at' })
  get(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Param('id') id: string) {
    if (!/^\d{1,18}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    return this.options.get(p.id, book, id);
  }
}
