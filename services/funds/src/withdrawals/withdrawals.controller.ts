import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  clientAddress,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  ErrorCode,
  Idempotent,
  PageQuery,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { CompleteWithdrawalDto, CreateWithdrawalDto, ReviewDto } from './dto/withdrawal.dto';
import { WithdrawalQuoteQuery } from './dto/withdrawal-query.dto';
import { listForReview } from '../review/review-queue';
import { Withdrawal } from './entities/withdrawal.entity';
import { WithdrawalsService } from './withdrawals.service';

@ApiTags('funds')
@Controller('swx/customer/user')
@CustomerAuth()
export class WithdrawalsController {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  @Post('withdrawal')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      'Request a withdrawal (crypto or bank); amount + fee are frozen until review (20003). With 2FA on, totpCode is required',
  })
  request(
    @CurrentPrincipal() p: AuthPrincipal,
    @CurrentBook() book: Book,
    @Body() dto: CreateWithdrawalDto,
    @Req() req: AppRequest,
  ) {
    return this.withdrawals.request(p.id, book, dto, { principal: p, ip: clientAddress(req) });
  }

  @Get('withdrawalQuote')
  @ApiOperation({ summary: 'The fee and total of a withdrawal, to show before confirming' })
  quote(@Query() q: WithdrawalQuoteQuery) {
    return this.withdrawals.quote(q.coin, q.network, q.amount);
  }

  @Get('listWithdrwal')
  @ApiOperation({ summary: 'My withdrawals, newest first, with states and reasons (pageNum, pageSize)' })
  list(@CurrentPrincipal() p: AuthPrincipal, @Query() q: PageQuery) {
    return this.withdrawals.listMine(p.id, q.pageNum ?? 1, q.pageSize ?? 20);
  }
}

@ApiTags('admin funds')
@Controller('swx/admin/withdrawals')
@AdminAuth(AdminRole.Reviewer)
export class AdminWithdrawalsController {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Withdrawals to review (ra-data-simple-rest: range, sort, filter {status, userId})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const rows = await listForReview(this.dataSource, Withdrawal, query, 'withdrawals', reply);
    return rows.map((row) => this.withdrawals.adminView(row));
  }

  @Get(':id')
  @ApiOperation({
    summary:
      "One withdrawal to review; destinationCheck (crypto, as of now): the address in the user's address book (label, savedAt) or typed in, and the user's whitelist",
  })
  async one(@Param('id') id: string) {
    const row = /^\d{1,18}$/.test(id)
      ? await this.dataSource.getRepository(Withdrawal).findOneBy({ id })
      : null;
    if (!row) throw new AppException(ErrorCode.NotFound);
    return {
      ...this.withdrawals.adminView(row),
      destinationCheck: await this.withdrawals.destinationCheck(row),
    };
  }

  @Post(':id/approve')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve: the held amount is paid out (safe to click twice). Above withdraw_dual_approval_threshold (USDT) the first approval only records it (still frozen, awaitingSecondApproval) and a different admin must approve again (the same one: 403)',
  })
  approve(@Param('id') id: string, @CurrentPrincipal() admin: AuthPrincipal, @Req() req: AppRequest) {
    return this.withdrawals.approve(id, admin.id, clientAddress(req));
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Record the payout of an approved withdrawal (its transaction hash or bank reference): state completed, shown to the user; the same reference again is a no-op, a withdrawal not approved 409',
  })
  complete(
    @Param('id') id: string,
    @Body() dto: CompleteWithdrawalDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.withdrawals.complete(id, admin.id, clientAddress(req), dto.reference);
  }

  @Post(':id/reject')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reject with a reason: the held amount returns to the user (safe to click twice)',
  })
  reject(
    @Param('id') id: string,
    @Body() dto: ReviewDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.withdrawals.reject(id, admin.id, clientAddress(req), dto.reason);
  }
}
