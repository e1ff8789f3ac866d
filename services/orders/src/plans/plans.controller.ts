import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CurrentBook,
  CurrentLanguage,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  PageQuery,
  type AuthPrincipal,
  type Language,
  type Book,
} from '@app/common';
import { BuyPlanDto, PlanRefDto } from './dto/plan.dto';
import { UOrdersService } from '../u-orders/u-orders.service';
import { PlansService } from './plans.service';

@ApiTags('earning plans')
@Controller('swx/customer/order')
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly trading: UOrdersService,
  ) {}

  @Get('listSmartProducts')
  @ApiOperation({ summary: 'Smart trading products: daily yield, investment range, cycles in days' })
  smartProducts(@CurrentLanguage() language: Language) {
    return this.plans.products('smart', language);
  }

  @Post('buySmart')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'Buy a smart plan on the real book (20004); errors 10010, 10012, 10013, 10024, 10011',
  })
  buySmart(
    @CurrentPrincipal() p: AuthPrincipal,
    @CurrentBook() book: Book,
    @Body() dto: BuyPlanDto,
    @CurrentLanguage() language: Language,
  ) {
    return this.plans.buy('smart', p.id, book, dto, language);
  }

  @Get('listSmartOrder')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My smart plans: amount, cycle, daily yield, earned so far, next earning time, state',
  })
  listSmart(
    @CurrentPrincipal() p: AuthPrincipal,
    @Query() q: PageQuery,
    @CurrentLanguage() language: Language,
  ) {
    return this.plans.listMine('smart', p.id, q.pageNum ?? 1, q.pageSize ?? 20, language);
  }

  @Post('smartExitQuote')
  @HttpCode(200)
  @CustomerAuth()
  @ApiOperation({
    summary: 'What an early exit returns (principal less the penalty share), before confirming',
    description:
      'Days whose anniversary has passed but that the settlement has not paid yet are paid first ' +
      '(each day once), so the quote and the exit start from the plan as it stands now. If that ' +
      'was the last day of the cycle, the plan has completed with its whole principal back: the ' +
      'answer then has status "completed" and no penalty (otherwise "earning").',
  })
  exitQuote(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: PlanRefDto) {
    return this.plans.exitQuote(p.id, dto.orderId);
  }

  @Post('exitSmart')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'End a smart plan early: the principal returns less the penalty (20005)',
    description:
      'Pays the days already due first, as the quote does; status "exited", or "completed" when ' +
      'that payment ended the cycle (the whole principal returned, no penalty).',
  })
  exit(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: PlanRefDto) {
    return this.plans.exit(p.id, dto.orderId);
  }

  @Get('listMiningProducts')
  @ApiOperation({
    summary: 'Staking (lock-up mining) products: coin, daily yield, subscription range, lock-up days',
  })
  miningProducts(@CurrentLanguage() language: Language) {
    return this.plans.products('mining', language);
  }

  @Post('buyMining')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'Subscribe to a staking product on the real book (20004); errors 10016, 10017, 10024, 10011',
  })
  buyMining(
    @CurrentPrincipal() p: AuthPrincipal,
    @CurrentBook() book: Book,
    @Body() dto: BuyPlanDto,
    @CurrentLanguage() language: Language,
  ) {
    return this.plans.buy('mining', p.id, book, dto, language);
  }

  @Get('listMiningOrder')
  @CustomerAuth()
  @ApiOperation({ summary: 'My staking subscriptions: cumulative income and estimated current income' })
  listMining(
    @CurrentPrincipal() p: AuthPrincipal,
    @Query() q: PageQuery,
    @CurrentLanguage() language: Language,
  ) {
    return this.plans.listMine('mining', p.id, q.pageNum ?? 1, q.pageSize ?? 20, language);
  }

  @Get('getProfitTotal')
  @CustomerAuth()
  @ApiOperation({
    summary:
      'My totals per coin on the book: plans (principal in plans, income today, cumulative income; real ' +
      'book) and trading (U orders and options: realised result in total and today, orders open)',
  })
  async profitTotal(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book) {
    const plans = book === 'real' ? await this.plans.summary(p.id) : [];
    const trading = await this.trading.tradingTotals(p.id, book);
    const currencies = [...new Set([...plans, ...trading].map((r) => r.currency))].sort();
    const noPlans = { principalInPlans: '0', incomeToday: '0', cumulativeIncome: '0', activePlans: 0 };
    const noTrading = {
      uProfitTotal: '0',
      uProfitToday: '0',
      uOpenOrders: 0,
      optionsProfitTotal: '0',
      optionsProfitToday: '0',
      optionsOpenOrders: 0,
    };
    return currencies.map((currency) => ({
      ...noPlans,
      ...noTrading,
      ...plans.find((r) => r.currency === currency),
      ...trading.find((r) => r.currency === currency),
      currency,
    }));
  }
}
