import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RechargeFormBody } from './dto/recharge-form.dto';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
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
  readImageForm,
  sendPrivateImage,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { ReviewDto } from '../withdrawals/dto/withdrawal.dto';
import { listForReview } from '../review/review-queue';
import { Recharge } from './entities/recharge.entity';
import { RechargesService } from './recharges.service';

@ApiTags('funds')
@Controller('swx/customer/user')
@CustomerAuth()
export class RechargesController {
  constructor(private readonly recharges: RechargesService) {}

  @Post('recharge')
  @HttpCode(200)
  @Idempotent()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: RechargeFormBody })
  @ApiOperation({
    summary:
      'Declare a deposit: fields coin, network, amount, txHash, last6 and the image `voucher` (JPG, PNG or JPEG 2000); 20002',
  })
  async recharge(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Req() req: AppRequest) {
    const form = await readImageForm(req, await this.recharges.maxUploadMegabytes());
    return this.recharges.submit(p.id, book, form);
  }

  @Get('listRecharge')
  @ApiOperation({ summary: 'My deposits, newest first, with states and reasons (pageNum, pageSize)' })
  list(@CurrentPrincipal() p: AuthPrincipal, @Query() q: PageQuery) {
    return this.recharges.listMine(p.id, q.pageNum ?? 1, q.pageSize ?? 20);
  }

  @Get('recharge/:id/voucher')
  @ApiOperation({ summary: 'The voucher image of one of my deposits' })
  async voucher(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string, @Res() reply: FastifyReply) {
    const file = await this.recharges.voucher(id, p.id);
    await sendPrivateImage(reply, file, `voucher-${id}`);
  }
}

@ApiTags('admin funds')
@Controller('swx/admin/recharges')
@AdminAuth(AdminRole.Reviewer)
export class AdminRechargesController {
  constructor(
    private readonly recharges: RechargesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Deposits to review (ra-data-simple-rest: range, sort, filter {status, userId})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const rows = await listForReview(this.dataSource, Recharge, query, 'recharges', reply);
    return rows.map((row) => ({ ...this.recharges.view(row), userId: row.userId }));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One deposit to review (its voucher at :id/voucher)' })
  async one(@Param('id') id: string) {
    const row = /^\d{1,18}$/.test(id)
      ? await this.dataSource.getRepository(Recharge).findOneBy({ id })
      : null;
    if (!row) throw new AppException(ErrorCode.NotFound);
    return { ...this.recharges.view(row), userId: row.userId };
  }

  @Get(':id/voucher')
  @ApiOperation({ summary: 'The voucher image of a deposit' })
  async voucher(@Param('id') id: string, @Res() reply: FastifyReply) {
    const file = await this.recharges.voucher(id);
    await sendPrivateImage(reply, file, `voucher-${id}`);
  }

  @Post(':id/approve')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve: the real book is credited once (safe to click twice)' })
  approve(@Param('id') id: string, @CurrentPrincipal() admin: AuthPrincipal, @Req() req: AppRequest) {
    return this.recharges.approve(id, admin.id, clientAddress(req));
  }

  @Post(':id/reject')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason shown to the user (safe to click twice)' })
  reject(
    @Param('id') id: string,
    @Body() dto: ReviewDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.recharges.reject(id, admin.id, clientAddress(req), dto.reason);
  }
}
