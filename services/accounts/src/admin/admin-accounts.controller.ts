import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  clientAddress,
  CurrentPrincipal,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { AdminAccountsService, ROLE_GRANT_SORTS, type AdminActor } from './admin-accounts.service';
import {
  AdminPasswordResetDto,
  CreateAdminDto,
  RoleGrantRejectDto,
  RoleGrantWithdrawDto,
  UpdateAdminDto,
} from './dto/admin-accounts.dto';
import { AdminReasonDto } from './dto/admin-two-factor.dto';

const actorOf = (principal: AuthPrincipal, req: AppRequest): AdminActor => ({
  id: principal.id,
  ip: clientAddress(req),
});

/**
 * Admin accounts, for super-admins only (reviewers and operators: 403): create, change roles and
 * display name, disable and enable with a reason, reset a password. The list is
 * AdminDirectoryController's GET /swx/admin/admins; a lost second factor, AdminController's
 * admins/:id/2fa/reset. New admins sign in with the password alone until they enrol TOTP in the
 * console, as every admin does.
 *
 * Once two super-admins have been active (GET roleGrants/mode), giving an account the super-admin
 * role (create or change) leaves it without the role and opens a role grant (`pendingRoleGrant` on the account)
 * that another super-admin approves or rejects under roleGrants/:grantId, or its requester
 * withdraws.
 */
@ApiTags('admin')
@Controller('swx/admin/admins')
export class AdminAccountsController {
  constructor(private readonly accounts: AdminAccountsService) {}

  @Get('roleGrants')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Grants of the super-admin role waiting for (or past) a second super-admin (ra-data-simple-rest: range, sort, filter {status, adminId, requestedBy, id})',
  })
  async roleGrants(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, Object.keys(ROLE_GRANT_SORTS), { field: 'id', order: 'DESC' });
    const { rows, total } = await this.accounts.listGrants(list);
    setContentRange(reply, 'roleGrants', list.offset, rows.length, total);
    return rows;
  }

  @Get('roleGrants/mode')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'How a grant of the super-admin role goes now: `immediate` (one active super-admin, never two) or `request` (another super-admin decides), with `activeSuperAdmins` and `fourEyesSince`',
  })
  grantMode() {
    return this.accounts.grantMode();
  }

  @Post('roleGrants/:grantId/approve')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Approve a pending super-admin role grant: the account has the role on its next request. Not by the requester nor the account it is for (403); a decided grant: 409 (audited)',
  })
  approveGrant(
    @Param('grantId') grantId: string,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.decideGrant(grantId, 'approve', null, actorOf(principal, req));
  }

  @Post('roleGrants/:grantId/reject')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Reject a pending super-admin role grant with a reason. Not by the requester (who withdraws) nor the account it is for (403); a decided grant: 409 (audited)',
  })
  rejectGrant(
    @Param('grantId') grantId: string,
    @Body() dto: RoleGrantRejectDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.decideGrant(grantId, 'reject', dto.reason, actorOf(principal, req));
  }

  @Post('roleGrants/:grantId/withdraw')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Withdraw a pending super-admin role grant one asked for (others: 403; a decided grant: 409; audited)',
  })
  withdrawGrant(
    @Param('grantId') grantId: string,
    @Body() dto: RoleGrantWithdrawDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.decideGrant(grantId, 'withdraw', dto.reason || null, actorOf(principal, req));
  }

  @Get(':id')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({ summary: 'One admin account with its roles and state' })
  one(@Param('id') id: string) {
    return this.accounts.findOne(id);
  }

  @Post()
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Create an admin (e-mail, display name, roles). Without a password one is generated and answered in `password` this once; a taken e-mail: 409. Once two super-admins have been active, the super-admin role is not given but asked for (`pendingRoleGrant`) (audited)',
  })
  create(@Body() dto: CreateAdminDto, @CurrentPrincipal() principal: AuthPrincipal, @Req() req: AppRequest) {
    return this.accounts.create(dto, actorOf(principal, req));
  }

  @Put(':id')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      "Change an admin's roles and/or display name; effective on that admin's next request. Not one's own super-admin role, nor the last active super-admin's (403). Adding the super-admin role, once two super-admins have been active, asks for it (`pendingRoleGrant`; one pending per account, else 409) (audited)",
  })
  update(
    @Param('id') id: string,
    @Body() dto: UpdateAdminDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.update(id, dto, actorOf(principal, req));
  }

  @Patch(':id')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({ summary: 'The same as PUT /swx/admin/admins/:id (only the fields sent change)' })
  patch(
    @Param('id') id: string,
    @Body() dto: UpdateAdminDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.update(id, dto, actorOf(principal, req));
  }

  @Post(':id/disable')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      "Disable an admin with a reason: that admin's sessions end at once and login is refused. Not oneself, not the last active super-admin (403; audited)",
  })
  disable(
    @Param('id') id: string,
    @Body() dto: AdminReasonDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.setActive(id, false, dto.reason, actorOf(principal, req));
  }

  @Post(':id/enable')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({ summary: 'Enable a disabled admin again, with a reason (audited)' })
  enable(
    @Param('id') id: string,
    @Body() dto: AdminReasonDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.setActive(id, true, dto.reason, actorOf(principal, req));
  }

  @Post(':id/resetPassword')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      "Reset another admin's password with a reason: a new one is generated and answered in `password` this once (or the one given is set); that admin's sessions end (audited). Not one's own, nor an account that holds the super-admin role (403: its role is removed first, and given back by a role grant)",
  })
  resetPassword(
    @Param('id') id: string,
    @Body() dto: AdminPasswordResetDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.accounts.resetPassword(id, dto.reason, dto.password, actorOf(principal, req));
  }
}
