import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  clientAddress,
  CurrentPrincipal,
  ErrorCode,
  listPage,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { Session } from '../auth/entities/session.entity';
import { OutboxMessage } from '../verification/entities/outbox-message.entity';
import { AdminAuthService } from './admin-auth.service';
import { AdminAuditService } from './admin-audit.service';
import { AdminTwoFactorService } from './admin-two-factor.service';
import { AdminLoginDto } from './dto/admin-login.dto';
import { AdminChangePasswordDto } from './dto/admin-password.dto';
import { AdminLogin2faDto, AdminReasonDto, AdminTotpCodeDto } from './dto/admin-two-factor.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('admin')
@Controller('swx/admin')
export class AdminController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly twoFactor: AdminTwoFactorService,
    private readonly audit: AdminAuditService,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin login (separate from customers); answers a session token' })
  login(@Body() dto: AdminLoginDto, @Req() req: AppRequest) {
    const ua = req.headers['user-agent'];
    return this.auth.login(dto, {
      ip: clientAddress(req),
      userAgent: typeof ua === 'string' ? ua : undefined,
    });
  }

  @Post('login2fa')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Second step of an admin login with TOTP on: the challenge answered by login and a current code, or one of the recovery codes (each works once; wrong: 10091)',
  })
  login2fa(@Body() dto: AdminLogin2faDto, @Req() req: AppRequest) {
    if (!dto.code && !dto.recoveryCode) throw AppException.field('code', 'auth.enterTotpCode');
    const ua = req.headers['user-agent'];
    const factor = dto.code ? { code: dto.code } : { recoveryCode: dto.recoveryCode };
    return this.auth.login2fa(dto.challenge, factor, {
      ip: clientAddress(req),
      userAgent: typeof ua === 'string' ? ua : undefined,
    });
  }

  @Get('me')
  @AdminAuth()
  @ApiOperation({
    summary: 'The logged-in admin, with whether TOTP is on and how many recovery codes are left',
  })
  async me(@CurrentPrincipal() principal: AuthPrincipal) {
    return {
      id: principal.id,
      roles: principal.roles,
      twoFactorEnabled: await this.twoFactor.isEnabledFor(principal.id),
      recoveryCodesLeft: await this.twoFactor.recoveryCodesLeft(principal.id),
    };
  }

  @Post('password')
  @HttpCode(200)
  @AdminAuth()
  @ApiOperation({
    summary:
      "Change the logged-in admin's own password: the current one (wrong: 10004; too many tries lock it for a while) " +
      'and a new one of 12-128 characters; every session of the admin ends, this one included (audited); answers how many ended',
  })
  changePassword(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: AdminChangePasswordDto,
    @Req() req: AppRequest,
  ) {
    return this.auth.changeOwnPassword(principal.id, dto, clientAddress(req));
  }

  @Get('audit/verify')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Walks the audit hash chain (each row hashes the previous hash and its fields) and reports the first broken row',
  })
  verifyAudit() {
    return this.audit.verify();
  }

  @Post('2fa/setup')
  @HttpCode(200)
  @AdminAuth()
  @ApiOperation({
    summary:
      'Start TOTP enrolment of the logged-in admin: a pending secret, its otpauth URL and a QR data URL',
  })
  setupTwoFactor(@CurrentPrincipal() principal: AuthPrincipal) {
    return this.twoFactor.setup(principal.id);
  }

  @Post('2fa/enable')
  @HttpCode(200)
  @AdminAuth()
  @ApiOperation({
    summary:
      'Confirm TOTP enrolment with a code of the pending secret; answers 10 single-use recovery codes, shown this once; later logins ask for a code (wrong: 10091)',
  })
  async enableTwoFactor(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: AdminTotpCodeDto,
    @Req() req: AppRequest,
  ) {
    const ip = clientAddress(req);
    const result = await this.twoFactor.enable(principal.id, dto.code, ip);
    await this.audit.record({
      adminId: principal.id,
      action: 'admin.2fa_enabled',
      targetType: 'admin_user',
      targetId: principal.id,
      detail: { recoveryCodes: result.recoveryCodes.length },
      ip,
    });
    return result;
  }

  @Post('admins/:id/2fa/reset')
  @HttpCode(200)
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      "A super-admin resets another admin's TOTP (lost device) with a reason: secret and recovery codes deleted, that admin's sessions end, the next login enrols again (audited; not one's own: 403)",
  })
  resetTwoFactor(
    @Param('id') id: string,
    @Body() dto: AdminReasonDto,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    // Two people: a super-admin who lost a factor needs another one (no self-service bypass).
    if (id === principal.id) throw new AppException(ErrorCode.Forbidden, null, {}, 'auth.twoFactorResetSelf');
    return this.dataSource.transaction(async (m) => {
      const { wasEnabled } = await this.twoFactor.reset(id, m);
      const ended = await m.update(
        Session,
        { kind: 'admin', subjectId: id, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      await this.audit.record(
        {
          adminId: principal.id,
          action: 'admin.2fa_reset',
          targetType: 'admin_user',
          targetId: id,
          detail: {
            reason: dto.reason,
            before: { twoFactorEnabled: wasEnabled },
            after: { twoFactorEnabled: false },
            sessionsEnded: ended.affected ?? 0,
          },
          ip: clientAddress(req),
        },
        m,
      );
      return { id, twoFactorEnabled: false };
    });
  }

  /**
   * The outbox holds live one-time codes (password resets, withdrawal passwords): whoever reads it
   * can take over an account. Super-admins only, and every reading is in the audit log.
   */
  @Get('outbox')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'E-mails and SMS kept by the embedded default, newest first (ra-data-simple-rest: range, sort, filter); super-admins only, each reading audited',
  })
  async listOutbox(
    @Query() query: Record<string, string>,
    @CurrentPrincipal() principal: AuthPrincipal,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const list = parseListQuery(query, ['id', 'createdAt', 'recipient', 'channel'], {
      field: 'id',
      order: 'DESC',
    });
    const qb = this.outbox.createQueryBuilder('o');
    const { recipient, channel, q } = list.filter as { recipient?: unknown; channel?: unknown; q?: unknown };
    if (typeof recipient === 'string') qb.andWhere('lower(o.recipient) = lower(:recipient)', { recipient });
    if (typeof channel === 'string') qb.andWhere('o.channel = :channel', { channel });
    if (typeof q === 'string' && q) qb.andWhere('(o.recipient ILIKE :q OR o.body ILIKE :q)', { q: `%${q}%` });
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    await this.audit.record({
      adminId: principal.id,
      action: 'outbox.read',
      targetType: 'outbox',
      detail: { filter: list.filter, offset: list.offset, ids: rows.map((r) => r.id) },
      ip: clientAddress(req),
    });
    setContentRange(reply, 'outbox', list.offset, rows.length, total);
    return rows;
  }
}
