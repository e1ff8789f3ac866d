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
import { BuyUDto, ListUOrderQuery, UOrderRefDto } from './dto/u-order.dto';
import { UOrdersService } from './u-orders.service';

function orderId(raw: string): string {
  if (!/^\d{1,18}$/.test(raw)) throw AppException.field('id', 'validation.invalid');
  return raw;
}

@ApiTags('U orders (leveraged contracts)')
@Controller('swx/customer/order')
export class UOrdersController {
  constructor(private readonly orders: UOrdersService) {}

  @Post('buyU')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary:
      'Open a long (buy) or short (sell) position at the ask/bid, or wait for a limit price (20004). ' +
      'Margin = notional / leverage and the fee leave the available balance. Errors: 10011 balance, ' +
      '10015 market closed, 10016 lots, 400 stop-loss/take-profit unreasonable or leverage not offered',
  })
  buy(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: BuyUDto) {
    return this.orders.buy(p.id, book, dto);
  }

  @Post('stopU')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @WindsDown()
  @ApiOperation({
    summary:
      'Close an open position at the current bid (long) or ask (short); margin +/- result returns (20005)',
  })
  stop(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: UOrderRefDto) {
    return this.orders.stop(p.id, book, dto.orderId);
  }

  @Post('cancelU')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @WindsDown()
  @ApiOperation({ summary: 'Cancel a waiting (limit) U order: the held margin and fee return (20005)' })
  cancel(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: UOrderRefDto) {
    return this.orders.cancel(p.id, book, dto.orderId);
  }

  @Get('listUOrder')
  @CustomerAuth()
  @ApiOperation({
    summary:
      'My U orders of the book, newest first: state filter (current/history/...), floating result of open ones',
  })
  list(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Query() q: ListUOrderQuery) {
    return this.orders.list(p.id, book, q);
  }

  @Get('getUOrderById/:id')
  @CustomerAuth()
  @ApiOperation({ summary: 'One of my U orders, with the price (source and time) its close used' })
  get(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Param('id') id: string) {
    return this.orders.get(p.id, book, orderId(id));
  }

  @Get('getAssestInfo/:id')
  @CustomerAuth()
  @ApiOperation({
    summary:
      'My trading account on a market (id of the market): available, margin in use, open positions and ' +
      'their floating result, the leverages, contract size and fee rate',
  })
  assetInfo(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Param('id') id: string) {
    if (!/^\d{1,9}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    return this.orders.assetInfo(p.id, book, Number(id));
  }
}
