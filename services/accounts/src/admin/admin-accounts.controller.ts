import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminAuth,
  AdminRole,
  clientAddress,
  CurrentPrincipal,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { AdminAccountsService, type AdminActor } from './admin-accounts.service';
import { AdminPasswordResetDto, CreateAdminDto, UpdateAdminDto } from './dto/admin-accounts.dto';
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
 */
@ApiTags('admin')
@Controller('swx/admin/admins')
export class AdminAccountsController {
  constructor(private readonly accounts: AdminAccountsService) {}

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
      'Create an admin (e-mail, display name, roles). Without a password one is generated and answered in `password` this once; a taken e-mail: 409 (audited)',
  })
  create(@Body() dto: CreateAdminDto, @CurrentPrincipal() principal: AuthPrincipal, @Req() req: AppRequest) {
    return this.accounts.create(dto, actorOf(principal, req));
  }

  @Put(':id')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      "Change an admin's roles and/or display name; effective on that admin's next request. Not one's own super-admin role, nor the last active super-admin's (403; audited)",
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
      "Reset another admin's password with a reason: a new one is generated and answered in `password` this once (or the one given is set); that admin's sessions end (not one's own: 403; audited)",
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
