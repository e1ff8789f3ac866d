import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { BuySmartDto, SmartOrderRefDto } from './dto/smart.dto';
import { SmartService } from './smart.service';

class PageQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  pageNum?: number;

  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(100, { message: 'validation.invalid' })
  pageSize?: number;
}

@ApiTags('smart trading')
@Controller('swx/customer/order')
export class SmartController {
  constructor(private readonly smart: SmartService) {}

  @Get('listSmartProducts')
  @ApiOperation({ summary: 'Smart trading products: daily yield, investment range, cycles in days' })
  products() {
    return this.smart.products();
  }

  @Post('buySmart')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'Buy a smart plan on the real book (20004); errors 10010, 10012, 10013, 10024, 10011',
  })
  buy(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: BuySmartDto) {
    return this.smart.buy(p.id, book, dto);
  }

  @Get('listSmartOrder')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My smart plans: amount, cycle, daily yield, earned so far, next earning time, state',
  })
  list(@CurrentPrincipal() p: AuthPrincipal, @Query() q: PageQuery) {
    return this.smart.listMine(p.id, q.pageNum ?? 1, q.pageSize ?? 20);
  }

  @Get('getProfitTotal')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My plan totals: principal in plans, income today, cumulative income, active plans',
  })
  profitTotal(@CurrentPrincipal() p: AuthPrincipal) {
    return this.smart.summary(p.id);
  }

  @Post('smartExitQuote')
  @HttpCode(200)
  @CustomerAuth()
  @ApiOperation({
    summary: 'What an early exit returns (principal less the penalty share), before confirming',
  })
  exitQuote(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: SmartOrderRefDto) {
    return this.smart.exitQuote(p.id, dto.orderId);
  }

  @Post('exitSmart')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({ summary: 'End a plan early: the principal returns less the penalty (20005)' })
  exit(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: SmartOrderRefDto) {
    return this.smart.exit(p.id, dto.orderId);
  }
}
