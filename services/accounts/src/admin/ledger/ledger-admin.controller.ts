import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  clientAddress,
  CurrentPrincipal,
  Idempotent,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { AdjustmentDecisionDto, CreateAdjustmentDto } from './adjustment.dto';
import { ADJUSTMENT_SORTS, AdjustmentsService } from './adjustments.service';
import { ACCOUNT_SORTS, LedgerAdminService, TRANSFER_SORTS } from './ledger-admin.service';

/** The ledger as the back office sees it: read by operators (and super-admins). */
@ApiTags('admin ledger')
@Controller('swx/admin/ledger')
@AdminAuth(AdminRole.Operator)
export class AdminLedgerController {
  constructor(private readonly ledger: LedgerAdminService) {}

  @Get('accounts')
  @ApiOperation({
    summary:
      'Ledger accounts with balances, system shards summed (ra-data-simple-rest: range, sort, filter {ownerType, userId, ownerId, q, currency, book, kind, nonZero})',
  })
  async accounts(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, Object.keys(ACCOUNT_SORTS), { field: 'id', order: 'ASC' });
    const { rows, total } = await this.ledger.listAccounts(list);
    setContentRange(reply, 'ledger/accounts', list.offset, rows.length, total);
    return rows;
  }

  @Get('accounts/:id')
  @ApiOperation({ summary: 'One ledger account (by the id of any of its shards)' })
  account(@Param('id') id: string) {
    return this.ledger.oneAccount(id);
  }

  @Get('transfers')
  @ApiOperation({
    summary:
      'Ledger transfers with their journal reference (ra-data-simple-rest: range, sort, filter {accountId, userId, journalId, refType, refId, reason, currency, book, from, to})',
  })
  async transfers(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, Object.keys(TRANSFER_SORTS), { field: 'id', order: 'DESC' });
    const { rows, total } = await this.ledger.listTransfers(list);
    setContentRange(reply, 'ledger/transfers', list.offset, rows.length, total);
    return rows;
  }

  @Get('invariant')
  @ApiOperation({
    summary:
      'The double-entry check: sum of balances per currency and book (must be zero), unbalanced transfers, negative customer balances',
  })
  invariant() {
    return this.ledger.invariant();
  }
}

/** Manual adjustments: super-admins create and decide (maker-checker); operators may read them. */
@ApiTags('admin ledger')
@Controller('swx/admin/adjustments')
export class AdminAdjustmentsController {
  constructor(private readonly adjustments: AdjustmentsService) {}

  @Get()
  @AdminAuth(AdminRole.Operator)
  @ApiOperation({
    summary:
      'Adjustment requests (ra-data-simple-rest: range, sort, filter {status, ownerType, ownerId, currency, book, createdBy})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ADJUSTMENT_SORTS, { field: 'id', order: 'DESC' });
    const { rows, total } = await this.adjustments.list(list);
    setContentRange(reply, 'adjustments', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @AdminAuth(AdminRole.Operator)
  @ApiOperation({ summary: 'One adjustment request' })
  one(@Param('id') id: string) {
    return this.adjustments.one(id);
  }

  @Post()
  @AdminAuth(AdminRole.SuperAdmin)
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ask for a manual ledger adjustment with a reason (super-admin); nothing moves until a second, different super-admin approves',
  })
  create(@Body() dto: CreateAdjustmentDto, @CurrentPrincipal() admin: AuthPrincipal, @Req() req: AppRequest) {
    return this.adjustments.create(dto, admin.id, clientAddress(req));
  }

  @Post(':id/approve')
  @AdminAuth(AdminRole.SuperAdmin)
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve (a super-admin other than the maker, else 403): posts one audited ledger transfer; safe to click twice',
  })
  approve(@Param('id') id: string, @CurrentPrincipal() admin: AuthPrincipal, @Req() req: AppRequest) {
    return this.adjustments.approve(id, admin.id, clientAddress(req));
  }

  @Post(':id/reject')
  @AdminAuth(AdminRole.SuperAdmin)
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason (the maker may withdraw their own request); nothing moves' })
  reject(
    @Param('id') id: string,
    @Body() dto: AdjustmentDecisionDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.adjustments.reject(id, admin.id, clientAddress(req), dto.reason);
  }
}
