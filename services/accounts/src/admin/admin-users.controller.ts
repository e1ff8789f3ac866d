import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { DataSource } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  clientAddress,
  CurrentPrincipal,
  ErrorCode,
  Idempotent,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { SessionsService } from '../auth/sessions.service';
import { User, type UserStatus } from '../users/entities/user.entity';
import { AdminAuditService } from './admin-audit.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class UserStatusReasonDto {
  @ApiProperty({ description: 'Why (kept in the audit log)', minLength: 3, maxLength: 500 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'validation.rejectReasonRequired' })
  @MinLength(3, { message: 'validation.rejectReasonRequired' })
  @MaxLength(500, { message: 'validation.invalid' })
  reason: string;
}

/**
 * Freezing and unfreezing a customer account (operators), and disabling / enabling its demo book. A frozen account cannot sign in or
 * withdraw; freezing also ends its open sessions. Both are audited with the reason and the status
 * before and after, and asking for the status the account already has changes nothing.
 * A disabled demo book can still be read, but refuses every request that moves money (10094,
 * DemoBookGate); the real book is not touched.
 */
@ApiTags('admin')
@Controller('swx/admin/users')
@AdminAuth(AdminRole.Operator)
export class AdminUsersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
    private readonly sessions: SessionsService,
  ) {}

  @Post(':id/freeze')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Freeze an account with a reason (audited; its sessions end; safe twice)' })
  freeze(
    @Param('id') id: string,
    @Body() dto: UserStatusReasonDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.setStatus(id, 'frozen', dto.reason, admin.id, clientAddress(req));
  }

  @Post(':id/unfreeze')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Unfreeze a frozen account with a reason (audited; safe twice)' })
  unfreeze(
    @Param('id') id: string,
    @Body() dto: UserStatusReasonDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.setStatus(id, 'active', dto.reason, admin.id, clientAddress(req));
  }

  @Post(':id/disableDemo')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Disable the demo book with a reason: it stays readable, money moves on it answer 10094 (audited; safe twice)',
  })
  disableDemo(
    @Param('id') id: string,
    @Body() dto: UserStatusReasonDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.setDemo(id, false, dto.reason, admin.id, clientAddress(req));
  }

  @Post(':id/enableDemo')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled demo book again with a reason (audited; safe twice)' })
  enableDemo(
    @Param('id') id: string,
    @Body() dto: UserStatusReasonDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.setDemo(id, true, dto.reason, admin.id, clientAddress(req));
  }

  private async setDemo(id: string, enabled: boolean, reason: string, adminId: string, ip: string) {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    return this.dataSource.transaction(async (m) => {
      const rows = await m.query<{ demo_disabled_at: Date | null }[]>(
        'SELECT demo_disabled_at FROM accounts.users WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!rows.length) throw new AppException(ErrorCode.NotFound);
      const wasEnabled = rows[0].demo_disabled_at === null;
      if (wasEnabled !== enabled) {
        await m.query(
          `UPDATE accounts.users SET demo_disabled_at = ${enabled ? 'NULL' : 'now()'}, updated_at = now() WHERE id = $1`,
          [id],
        );
        // The flag travels with the user's sessions (SessionsService.findLive).
        this.sessions.forgetCustomer(id, m);
        await this.audit.record(
          {
            adminId,
            action: enabled ? 'user.demo_enabled' : 'user.demo_disabled',
            targetType: 'user',
            targetId: id,
            detail: { reason, before: { demoEnabled: wasEnabled }, after: { demoEnabled: enabled } },
            ip,
          },
          m,
        );
      }
      return { id, demoEnabled: enabled };
    });
  }

  private async setStatus(id: string, status: UserStatus, reason: string, adminId: string, ip: string) {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    return this.dataSource.transaction(async (m) => {
      const user = await m
        .getRepository(User)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new AppException(ErrorCode.NotFound);
      const before = user.status;
      if (before !== status) {
        // Unfreezing only lifts a freeze: an account in another state is not made active by it.
        if (status === 'active' && before !== 'frozen') throw new AppException(ErrorCode.UserStatusWrong);
        await m.update(User, { id }, { status });
        if (status === 'frozen') {
          await this.sessions.revokeAll('customer', id, m);
        }
        await this.audit.record(
          {
            adminId,
            action: status === 'frozen' ? 'user.frozen' : 'user.unfrozen',
            targetType: 'user',
            targetId: id,
            detail: { reason, before: { status: before }, after: { status } },
            ip,
          },
          m,
        );
      }
      return { id, status };
    });
  }
}
