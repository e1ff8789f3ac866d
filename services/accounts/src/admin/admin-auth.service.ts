import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { EntityManager, Repository } from 'typeorm';
import {
  AdminRole,
  APP_CONFIG,
  AppException,
  ErrorCode,
  hashSecret,
  timingDummyHash,
  verifySecret,
  type AppConfig,
} from '@app/common';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { SessionsService } from '../auth/sessions.service';
import { AdminAuditService } from './admin-audit.service';
import type { SecondFactor } from '../two-factor/two-factor.service';
import { stillCurrent } from '../two-factor/login-challenges';
import { AdminTwoFactorService, type AdminSecondFactorKind } from './admin-two-factor.service';
import type { AdminLoginDto } from './dto/admin-login.dto';
import type { AdminChangePasswordDto } from './dto/admin-password.dto';
import { AdminUser } from './entities/admin-user.entity';

/** The account of an admin's login failures (LoginThrottleService scope `admin`). */
export function adminThrottleKey(adminId: string): string {
  return `id:${adminId}`;
}

@Injectable()
export class AdminAuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminAuth');

  constructor(
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AdminAuditService,
    private readonly twoFactor: AdminTwoFactorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The first admin: ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password printed this once. */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.admins.count()) > 0) {
      if (this.config.ADMIN_RECOVER) await this.recover();
      return;
    }
    const password = this.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const inserted = await this.admins
      .createQueryBuilder()
      .insert()
      .values({
        email: this.config.ADMIN_EMAIL.toLowerCase(),
        passwordHash: await hashSecret(password),
        roles: [AdminRole.SuperAdmin],
        active: true,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    // Processes of one deployment starting at once: only the one whose row went in has its password.
    if ((inserted.raw as unknown[]).length === 0) return;
    if (!this.config.ADMIN_PASSWORD) {
      // Printed plainly once, outside the JSON log, so that the person who started the platform sees it.
      process.stdout.write(
        `\n  First admin: ${this.config.ADMIN_EMAIL}  password: ${password}\n  (shown this once; set ADMIN_PASSWORD to choose it)\n\n`,
      );
      this.logger.warn(`First admin ${this.config.ADMIN_EMAIL} created with a generated password`);
    }
  }

  /**
   * ADMIN_RECOVER (break glass, for whoever runs the platform): ADMIN_EMAIL becomes an active
   * super-admin again with ADMIN_PASSWORD, without a second factor and without live sessions,
   * created if missing; audited with no acting admin. Under the admin-accounts lock; a process that
   * finds it already so (the password matches, 2FA off) changes nothing.
   */
  private async recover(): Promise<void> {
    const email = this.config.ADMIN_EMAIL.toLowerCase();
    const password = this.config.ADMIN_PASSWORD!;
    const done = await this.admins.manager.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('accounts.admin_users'))`);
      const found = await m
        .getRepository(AdminUser)
        .createQueryBuilder('a')
        .addSelect('a.passwordHash')
        .where('lower(a.email) = :email', { email })
        .getOne();
      if (
        found?.active &&
        found.roles.includes(AdminRole.SuperAdmin) &&
        !this.twoFactor.isEnabled(found) &&
        (await verifySecret(found.passwordHash, password))
      )
        return null;
      const passwordHash = await hashSecret(password);
      let id: string;
      if (found) {
        id = found.id;
        await m.update(
          AdminUser,
          { id },
          {
            passwordHash,
            roles: [...new Set([...found.roles, AdminRole.SuperAdmin])],
            active: true,
            disabledAt: null,
            disabledReason: null,
          },
        );
        await this.twoFactor.reset(id, m);
        await m.query(
          `UPDATE accounts.sessions SET revoked_at = now()
            WHERE kind = 'admin' AND subject_id = $1 AND revoked_at IS NULL`,
          [id],
        );
      } else {
        const saved = await m.save(
          m.create(AdminUser, { email, passwordHash, roles: [AdminRole.SuperAdmin], active: true }),
        );
        id = saved.id;
      }
      const before = found
        ? { roles: found.roles, active: found.active, twoFactorEnabled: this.twoFactor.isEnabled(found) }
        : null;
      await this.audit.record(
        {
          adminId: null,
          action: 'admin.recovered',
          targetType: 'admin_user',
          targetId: id,
          detail: { email, before, by: 'ADMIN_RECOVER' },
        },
        m,
      );
      return id;
    });
    this.logger.warn(
      done
        ? `ADMIN_RECOVER: ${email} is an active super-admin again (2FA off, sessions ended); unset ADMIN_RECOVER now`
        : `ADMIN_RECOVER is set but ${email} is already recovered; unset ADMIN_RECOVER`,
    );
  }

  async login(dto: AdminLoginDto, client: { ip: string; userAgent?: string }) {
    const admin = await this.admins
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('lower(a.email) = :email', { email: dto.email })
      .getOne();
    // An unknown admin costs the same hash check and gets the same answer as a wrong password.
    // Failures count per admin (adminThrottleKey), whatever the e-mail is changed to; with TOTP on,
    // the run of failures does not lock the account (LoginThrottleService: the code still guards it).
    const passwordOk = await this.throttle.attempt(
      'admin',
      admin ? adminThrottleKey(admin.id) : dto.email,
      client.ip,
      async () => verifySecret(admin?.passwordHash ?? (await timingDummyHash()), dto.password),
      { secondFactor: admin ? this.twoFactor.isEnabled(admin) : false },
    );
    if (!admin || !passwordOk) {
      await this.audit.record({
        adminId: admin?.id ?? null,
        action: 'admin.login_failed',
        detail: { email: dto.email },
        ip: client.ip,
      });
      throw new AppException(ErrorCode.PasswordWrong, null, {}, 'auth.credentialsWrong');
    }
    // Disabled by a super-admin (AdminAccountsService): told only once the password is right.
    if (!admin.active) throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'auth.adminDisabled');
    // With TOTP on, the password only opens a challenge that login2fa completes with a code.
    if (this.twoFactor.isEnabled(admin)) return this.twoFactor.openChallenge(admin);
    return this.openSession(admin, client);
  }

  /** The second step of a login with TOTP on: the challenge and a current code or a recovery code. */
  async login2fa(challenge: string, factor: SecondFactor, client: { ip: string; userAgent?: string }) {
    let done: { adminId: string; factor: AdminSecondFactorKind; credential: string };
    try {
      done = await this.twoFactor.completeChallenge(challenge, factor, client.ip);
    } catch (error) {
      await this.audit.record({ adminId: null, action: 'admin.login_2fa_failed', ip: client.ip });
      throw error;
    }
    // The session opens under a share lock of the admin's row, with the password the challenge was
    // opened with still in place: a reset or change committed meanwhile refuses it, one that commits
    // later waits for this session and then ends it with the others.
    return this.admins.manager.transaction(async (m) => {
      const admin = await m
        .getRepository(AdminUser)
        .createQueryBuilder('a')
        .addSelect('a.passwordHash')
        .where('a.id = :id', { id: done.adminId })
        .setLock('pessimistic_read')
        .getOne();
      if (!admin?.active)
        throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'auth.adminDisabled');
      if (!stillCurrent(done.credential, admin.passwordHash))
        throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
      return this.openSession(admin, client, { secondFactor: done.factor }, m);
    });
  }

  /**
   * The logged-in admin changes their own password (another admin's is reset by a super-admin:
   * AdminAccountsService.resetPassword). The current one must be given; wrong answers count like
   * failed logins (locked out after too many). Every session of the admin ends with the old
   * password, the one asking included: the console signs in again.
   */
  async changeOwnPassword(adminId: string, dto: AdminChangePasswordDto, ip: string) {
    const admin = await this.admins
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('a.id = :id', { id: adminId })
      .getOne();
    if (!admin?.active) throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'auth.adminDisabled');
    const passwordOk = await this.throttle.attempt('admin-password', adminId, ip, () =>
      verifySecret(admin.passwordHash, dto.oldPassword),
    );
    if (!passwordOk) {
      await this.audit.record({
        adminId,
        action: 'admin.password_change_failed',
        targetType: 'admin_user',
        targetId: adminId,
        ip,
      });
      throw new AppException(ErrorCode.PasswordWrong);
    }
    const passwordHash = await hashSecret(dto.newPassword);
    const sessionsEnded = await this.admins.manager.transaction(async (m) => {
      await m.update(AdminUser, { id: adminId }, { passwordHash });
      const ended = await this.sessions.revokeAll('admin', adminId, m);
      await this.audit.record(
        {
          adminId,
          action: 'admin.password_changed',
          targetType: 'admin_user',
          targetId: adminId,
          detail: { sessionsEnded: ended },
          ip,
        },
        m,
      );
      return ended;
    });
    // The admin proved the password: a lock set off by someone else's failed logins ends.
    await this.throttle.recordSuccess('admin', adminThrottleKey(adminId));
    return { changed: true, sessionsEnded };
  }

  private async openSession(
    admin: AdminUser,
    client: { ip: string; userAgent?: string },
    detail?: Record<string, unknown>,
    m?: EntityManager,
  ) {
    const session = await this.sessions.open('admin', admin.id, client, m);
    await this.audit.record(
      {
        adminId: admin.id,
        action: 'admin.login',
        ip: client.ip,
        ...(detail ? { detail } : {}),
      },
      m,
    );
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      admin: { id: admin.id, email: admin.email, roles: admin.roles },
    };
  }
}
