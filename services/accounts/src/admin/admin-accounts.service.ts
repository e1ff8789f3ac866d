import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { IsNull, QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AdminRole, AppException, Clock, ErrorCode, hashSecret } from '@app/common';
import { Session } from '../auth/entities/session.entity';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { AdminAuditService } from './admin-audit.service';
import { adminThrottleKey } from './admin-auth.service';
import { refusedAdminChange } from './admin-accounts.rules';
import type { CreateAdminDto, UpdateAdminDto } from './dto/admin-accounts.dto';
import { AdminUser } from './entities/admin-user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Roles in a stable order, so that before and after compare and read the same everywhere. */
const ROLE_ORDER: string[] = [AdminRole.Reviewer, AdminRole.Operator, AdminRole.SuperAdmin];

export interface AdminActor {
  id: string;
  ip: string;
}

/** An admin account as the console shows it (never the password hash or the TOTP secret). */
export function adminView(a: AdminUser) {
  return {
    id: a.id,
    email: a.email,
    displayName: a.displayName,
    roles: a.roles,
    active: a.active,
    twoFactorEnabled: a.totpEnabledAt !== null,
    disabledAt: a.disabledAt?.toISOString() ?? null,
    disabledReason: a.disabledReason,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** A password for someone to type once and then keep: 24 URL-safe characters, 144 random bits. */
export function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

const normalRoles = (roles: readonly string[]) => ROLE_ORDER.filter((r) => roles.includes(r));

/**
 * Admin accounts managed by super-admins: create (with a password given or generated and answered
 * once), change roles and display name, disable and enable with a reason, reset the password.
 * Every change runs under one lock on the admin accounts (so that two super-admins cannot demote or
 * disable each other at the same moment and leave none), re-checks that the acting admin is still
 * an active super-admin, ends the target's sessions where it takes access away, and is audited last.
 */
@Injectable()
export class AdminAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
    private readonly clock: Clock,
    private readonly throttle: LoginThrottleService,
  ) {}

  async findOne(id: string) {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    const admin = await this.dataSource.getRepository(AdminUser).findOne({ where: { id } });
    if (!admin) throw new AppException(ErrorCode.NotFound);
    return adminView(admin);
  }

  async create(dto: CreateAdminDto, actor: AdminActor) {
    // A form's empty field arrives as null or '': a password is generated then.
    const generated = !dto.password;
    const password = dto.password || generateAdminPassword();
    const passwordHash = await hashSecret(password);
    const roles = normalRoles(dto.roles);
    try {
      const created = await this.locked(actor, async (m) => {
        const taken = await m.query<unknown[]>(
          `SELECT 1 FROM accounts.admin_users WHERE lower(email) = lower($1)`,
          [dto.email],
        );
        if (taken.length) throw AppException.fieldConflict('email', 'auth.adminEmailExists');
        const saved = await m.save(
          m.create(AdminUser, {
            email: dto.email,
            displayName: dto.displayName,
            passwordHash,
            roles,
            active: true,
            disabledAt: null,
            disabledReason: null,
          }),
        );
        const admin = await m.findOneOrFail(AdminUser, { where: { id: saved.id } });
        await this.audit.record(
          {
            adminId: actor.id,
            action: 'admin.admin_created',
            targetType: 'admin_user',
            targetId: admin.id,
            detail: {
              before: null,
              after: this.auditState(admin),
              passwordGenerated: generated,
            },
            ip: actor.ip,
          },
          m,
        );
        return admin;
      });
      // The generated password is answered this once; only its argon2 hash is kept.
      return { ...adminView(created), ...(generated ? { password } : {}) };
    } catch (error) {
      // The bootstrap admin is inserted outside the lock: the unique index has the last word.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw AppException.fieldConflict('email', 'auth.adminEmailExists');
      throw error;
    }
  }

  async update(id: string, dto: UpdateAdminDto, actor: AdminActor) {
    return this.locked(actor, async (m, superAdmins) => {
      const target = await this.target(m, id);
      const before = this.auditState(target);
      const roles = dto.roles ? normalRoles(dto.roles) : target.roles;
      const displayName = dto.displayName ?? target.displayName;
      const refused = refusedAdminChange({
        actorId: actor.id,
        target,
        roles,
        activeSuperAdminIds: superAdmins,
      });
      if (refused) throw new AppException(ErrorCode.Forbidden, null, {}, refused);
      if (displayName === target.displayName && sameRoles(roles, target.roles)) return adminView(target);
      await m.update(AdminUser, { id }, { roles, displayName });
      const after = await m.findOneOrFail(AdminUser, { where: { id } });
      // Roles are read from the account on every request (SessionsService.findLive): the next
      // request of that admin already carries the new ones, no session needs to end.
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'admin.admin_updated',
          targetType: 'admin_user',
          targetId: id,
          detail: { before, after: this.auditState(after) },
          ip: actor.ip,
        },
        m,
      );
      return adminView(after);
    });
  }

  async setActive(id: string, active: boolean, reason: string, actor: AdminActor) {
    return this.locked(actor, async (m, superAdmins) => {
      const target = await this.target(m, id);
      const refused = refusedAdminChange({
        actorId: actor.id,
        target,
        active,
        activeSuperAdminIds: superAdmins,
      });
      if (refused) throw new AppException(ErrorCode.Forbidden, null, {}, refused);
      // Asking for the state the account already has changes nothing (and is not audited).
      if (target.active === active) return adminView(target);
      const before = this.auditState(target);
      await m.update(
        AdminUser,
        { id },
        active
          ? { active: true, disabledAt: null, disabledReason: null }
          : { active: false, disabledAt: this.clock.now(), disabledReason: reason },
      );
      const sessionsEnded = active ? 0 : await this.endSessions(m, id);
      const after = await m.findOneOrFail(AdminUser, { where: { id } });
      await this.audit.record(
        {
          adminId: actor.id,
          action: active ? 'admin.admin_enabled' : 'admin.admin_disabled',
          targetType: 'admin_user',
          targetId: id,
          detail: { reason, before, after: this.auditState(after), sessionsEnded },
          ip: actor.ip,
        },
        m,
      );
      return adminView(after);
    });
  }

  async resetPassword(id: string, reason: string, given: string | null | undefined, actor: AdminActor) {
    if (UUID.test(id) && id === actor.id)
      throw new AppException(ErrorCode.Forbidden, null, {}, 'auth.adminSelfPassword');
    const generated = !given;
    const password = given || generateAdminPassword();
    const passwordHash = await hashSecret(password);
    const view = await this.locked(actor, async (m) => {
      const target = await this.target(m, id);
      await m.update(AdminUser, { id }, { passwordHash });
      const sessionsEnded = await this.endSessions(m, id);
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'admin.admin_password_reset',
          targetType: 'admin_user',
          targetId: id,
          detail: { reason, passwordGenerated: generated, sessionsEnded },
          ip: actor.ip,
        },
        m,
      );
      return adminView(target);
    });
    // A reset ends the lock after too many failed logins (anyone who knows the e-mail can set it
    // off), and the failures counted against the old password's change.
    await this.throttle.recordSuccess('admin', adminThrottleKey(id));
    await this.throttle.recordSuccess('admin-password', id);
    return { ...view, ...(generated ? { password } : {}) };
  }

  /**
   * Runs a change under the admin-accounts lock, once the acting admin is known to still be an
   * active super-admin (another super-admin may have disabled or demoted them a moment ago).
   */
  private locked<T>(actor: AdminActor, work: (m: EntityManager, activeSuperAdmins: string[]) => Promise<T>) {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('accounts.admin_users'))`);
      const rows = await m.query<{ id: string }[]>(
        `SELECT id FROM accounts.admin_users WHERE active AND $1 = ANY(roles)`,
        [AdminRole.SuperAdmin],
      );
      const superAdmins = rows.map((r) => r.id);
      if (!superAdmins.includes(actor.id)) throw new AppException(ErrorCode.Forbidden);
      return work(m, superAdmins);
    });
  }

  private async target(m: EntityManager, id: string): Promise<AdminUser> {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    const admin = await m.findOne(AdminUser, { where: { id } });
    if (!admin) throw new AppException(ErrorCode.NotFound);
    return admin;
  }

  private async endSessions(m: EntityManager, adminId: string): Promise<number> {
    const ended = await m.update(
      Session,
      { kind: 'admin', subjectId: adminId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    return ended.affected ?? 0;
  }

  /** What the audit keeps of an account, before and after a change. */
  private auditState(a: AdminUser) {
    return {
      email: a.email,
      displayName: a.displayName,
      roles: a.roles,
      active: a.active,
      disabledReason: a.disabledReason,
    };
  }
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}
