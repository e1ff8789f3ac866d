import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { In, IsNull, QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AdminRole, AppException, Clock, ErrorCode, hashSecret, type ListQuery } from '@app/common';
import { Session } from '../auth/entities/session.entity';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { AdminAuditService } from './admin-audit.service';
import { adminThrottleKey } from './admin-auth.service';
import {
  refusedAdminChange,
  refusedGrantDecision,
  refusedPasswordReset,
  superAdminGrantMode,
} from './admin-accounts.rules';
import {
  grantView,
  pendingGrantView,
  type PendingRoleGrantView,
  type RoleGrantDecision,
  type RoleGrantRow,
} from './admin-role-grants';
import type { CreateAdminDto, UpdateAdminDto } from './dto/admin-accounts.dto';
import { AdminUser } from './entities/admin-user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GRANT_ID = /^\d{1,18}$/;
const GRANT_COLUMNS = `id::text AS id, admin_id, role, status, requested_by, decided_by, decided_at,
  decision_reason, created_at`;
/**
 * The list's sort fields and their columns, qualified: a bare `id` in ORDER BY is the output column,
 * GRANT_COLUMNS' `id::text`, which sorts as text (10 before 9).
 */
export const ROLE_GRANT_SORTS: Record<string, string> = {
  id: 'g.id',
  createdAt: 'g.created_at',
  status: 'g.status',
};
const DECIDED = { approve: 'approved', reject: 'rejected', withdraw: 'withdrawn' } as const;
/** Roles in a stable order, so that before and after compare and read the same everywhere. */
const ROLE_ORDER: string[] = [AdminRole.Reviewer, AdminRole.Operator, AdminRole.SuperAdmin];
const SUPER_ADMIN: string = AdminRole.SuperAdmin;

export interface AdminActor {
  id: string;
  ip: string;
}

/**
 * An admin account as the console shows it (never the password hash or the TOTP secret), with the
 * grant of the super-admin role waiting for a second super-admin, if there is one.
 */
export function adminView(a: AdminUser, pendingRoleGrant: PendingRoleGrantView | null = null) {
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
    pendingRoleGrant,
  };
}

/** The pending role grants of these accounts, by account id (with the requester's e-mail). */
export async function pendingRoleGrants(
  m: Pick<EntityManager, 'query'>,
  adminIds: string[],
): Promise<Map<string, PendingRoleGrantView>> {
  if (adminIds.length === 0) return new Map();
  const rows = await m.query<(RoleGrantRow & { requested_by_email: string | null })[]>(
    `SELECT g.id::text AS id, g.admin_id, g.role, g.status, g.requested_by, g.decided_by, g.decided_at,
            g.decision_reason, g.created_at, r.email AS requested_by_email
       FROM accounts.admin_role_grants g LEFT JOIN accounts.admin_users r ON r.id = g.requested_by
      WHERE g.status = 'pending' AND g.admin_id = ANY($1::uuid[])`,
    [adminIds],
  );
  return new Map(rows.map((r) => [r.admin_id, pendingGrantView(r, r.requested_by_email)]));
}

/** Ids of the active super-admins (read under the admin-accounts lock where it matters). */
async function activeSuperAdminIds(m: Pick<EntityManager, 'query'>): Promise<string[]> {
  const rows = await m.query<{ id: string }[]>(
    `SELECT id FROM accounts.admin_users WHERE active AND $1 = ANY(roles)`,
    [AdminRole.SuperAdmin],
  );
  return rows.map((r) => r.id);
}

/** Since when two super-admins have been active (null: never, the bootstrap case). */
async function readFourEyesSince(m: Pick<EntityManager, 'query'>): Promise<Date | null> {
  const rows = await m.query<{ since: Date }[]>(`SELECT since FROM accounts.admin_four_eyes`);
  return rows[0]?.since ?? null;
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
 *
 * Granting the super-admin role is maker-checker while two or more super-admins are active
 * (superAdminGrantMode): the account is created or changed without it, plus a pending role grant
 * that another super-admin approves or rejects, or its requester withdraws (one pending per account).
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
    return adminView(admin, (await pendingRoleGrants(this.dataSource, [id])).get(id) ?? null);
  }

  async create(dto: CreateAdminDto, actor: AdminActor) {
    // A form's empty field arrives as null or '': a password is generated then.
    const generated = !dto.password;
    const password = dto.password || generateAdminPassword();
    const passwordHash = await hashSecret(password);
    const requested = normalRoles(dto.roles);
    try {
      const created = await this.locked(actor, async (m, superAdmins, fourEyesSince) => {
        const wantsSuper = requested.includes(AdminRole.SuperAdmin);
        const mode = wantsSuper ? superAdminGrantMode(superAdmins, fourEyesSince) : null;
        // Asked for while two super-admins are active: created without the role, which waits.
        const roles = mode === 'request' ? requested.filter((r) => r !== SUPER_ADMIN) : requested;
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
        const grant = mode === 'request' ? await this.insertGrant(m, admin.id, actor.id) : null;
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
              ...(mode ? { superAdminGrant: this.grantNote(grant, superAdmins) } : {}),
            },
            ip: actor.ip,
          },
          m,
        );
        if (grant) await this.auditGrantRequested(m, grant, actor);
        return { admin, grant };
      });
      // The generated password is answered this once; only its argon2 hash is kept.
      return {
        ...adminView(
          created.admin,
          created.grant && pendingGrantView(created.grant, await this.emailOf(actor.id)),
        ),
        ...(generated ? { password } : {}),
      };
    } catch (error) {
      // The bootstrap admin is inserted outside the lock: the unique index has the last word.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw AppException.fieldConflict('email', 'auth.adminEmailExists');
      throw error;
    }
  }

  async update(id: string, dto: UpdateAdminDto, actor: AdminActor) {
    const result = await this.locked(actor, async (m, superAdmins, fourEyesSince) => {
      const target = await this.target(m, id);
      const before = this.auditState(target);
      const requested = dto.roles ? normalRoles(dto.roles) : target.roles;
      const displayName = dto.displayName ?? target.displayName;
      const addsSuper =
        requested.includes(AdminRole.SuperAdmin) && !target.roles.includes(AdminRole.SuperAdmin);
      let mode: 'immediate' | 'request' | null = null;
      if (addsSuper) {
        // One pending grant per account: it is decided (or withdrawn) before the role is asked again.
        if ((await pendingRoleGrants(m, [id])).has(id))
          throw new AppException(ErrorCode.Conflict, null, {}, 'auth.roleGrantPending');
        mode = superAdminGrantMode(superAdmins, fourEyesSince);
      }
      // The other changes apply at once; the super-admin role waits for a second super-admin.
      const roles = mode === 'request' ? requested.filter((r) => r !== SUPER_ADMIN) : requested;
      const refused = refusedAdminChange({
        actorId: actor.id,
        target,
        roles,
        activeSuperAdminIds: superAdmins,
      });
      if (refused) throw new AppException(ErrorCode.Forbidden, null, {}, refused);
      const changed = displayName !== target.displayName || !sameRoles(roles, target.roles);
      let after = target;
      if (changed) {
        await m.update(AdminUser, { id }, { roles, displayName });
        after = await m.findOneOrFail(AdminUser, { where: { id } });
      }
      const grant = mode === 'request' ? await this.insertGrant(m, id, actor.id) : null;
      // Roles are read from the account on every request (SessionsService.findLive): the next
      // request of that admin already carries the new ones, no session needs to end.
      if (changed)
        await this.audit.record(
          {
            adminId: actor.id,
            action: 'admin.admin_updated',
            targetType: 'admin_user',
            targetId: id,
            detail: {
              before,
              after: this.auditState(after),
              ...(mode ? { superAdminGrant: this.grantNote(grant, superAdmins) } : {}),
            },
            ip: actor.ip,
          },
          m,
        );
      if (grant) await this.auditGrantRequested(m, grant, actor);
      return after;
    });
    return adminView(result, (await pendingRoleGrants(this.dataSource, [id])).get(id) ?? null);
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
      const refused = refusedPasswordReset(actor.id, target);
      if (refused) throw new AppException(ErrorCode.Forbidden, null, {}, refused);
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

  /** ra-data-simple-rest list of role grants, filter {status, adminId, requestedBy, id}. */
  async listGrants(list: ListQuery) {
    const f = list.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    if (str(f.status)) add('status = ?', f.status);
    for (const [key, column] of [
      ['adminId', 'admin_id'],
      ['requestedBy', 'requested_by'],
    ] as const) {
      const value = str(f[key]);
      if (value)
        add(`${column} = ?::uuid`, UUID.test(value) ? value : '00000000-0000-0000-0000-000000000000');
    }
    if (f.id !== undefined) {
      const ids = (Array.isArray(f.id) ? f.id : [f.id]).map(String).filter((x) => GRANT_ID.test(x));
      add('id = ANY(?::bigint[])', ids);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // The asked sort, then the newest first among grants of one value (the id is unique).
    const sort = ROLE_GRANT_SORTS[list.sort.field] ?? 'g.id';
    const order = `${sort} ${list.sort.order === 'ASC' ? 'ASC' : 'DESC'}${sort === 'g.id' ? '' : ', g.id DESC'}`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<RoleGrantRow[]>(
        `SELECT ${GRANT_COLUMNS} FROM accounts.admin_role_grants g ${clause}
          ORDER BY ${order} OFFSET ${list.offset} LIMIT ${list.limit}`,
        params,
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM accounts.admin_role_grants ${clause}`,
        params,
      ),
    ]);
    return { rows: await this.grantViews(rows), total };
  }

  /**
   * Approve, reject (with a reason) or withdraw a pending grant of the super-admin role. Approving
   * and rejecting are for another active super-admin, neither the requester nor the account the
   * role is for; withdrawing for the requester. Asked again, the same decision answers the stored
   * outcome; another decision on a decided grant is a 409. An approval adds the role to the account:
   * its sessions read it on their next request, as after any role change.
   */
  async decideGrant(grantId: string, decision: RoleGrantDecision, reason: string | null, actor: AdminActor) {
    if (!GRANT_ID.test(grantId)) throw new AppException(ErrorCode.NotFound);
    if (decision === 'reject' && !reason)
      throw AppException.field('reason', 'validation.rejectReasonRequired');
    const row = await this.locked(actor, async (m) => {
      const [grant] = await m.query<RoleGrantRow[]>(
        `SELECT ${GRANT_COLUMNS} FROM accounts.admin_role_grants WHERE id = $1 FOR UPDATE`,
        [grantId],
      );
      if (!grant) throw new AppException(ErrorCode.NotFound);
      const refused = refusedGrantDecision(
        actor.id,
        { adminId: grant.admin_id, requestedBy: grant.requested_by },
        decision,
      );
      if (refused) throw new AppException(ErrorCode.Forbidden, null, {}, refused);
      const status = DECIDED[decision];
      if (grant.status === status) return grant;
      if (grant.status !== 'pending')
        throw new AppException(ErrorCode.Conflict, null, {}, 'auth.roleGrantDecided');
      let change: { before: { roles: string[] }; after: { roles: string[] } } | null = null;
      if (decision === 'approve') {
        const target = await this.target(m, grant.admin_id);
        const roles = normalRoles([...target.roles, grant.role]);
        await m.update(AdminUser, { id: target.id }, { roles });
        change = { before: { roles: target.roles }, after: { roles } };
      }
      // An UPDATE's answer from the postgres driver is [rows, affected].
      const [[decided]] = await m.query<[RoleGrantRow[], number]>(
        `UPDATE accounts.admin_role_grants
            SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5
          WHERE id = $1 RETURNING ${GRANT_COLUMNS}`,
        [grantId, status, actor.id, this.clock.now(), reason || null],
      );
      await this.audit.record(
        {
          adminId: actor.id,
          action: `admin.role_grant_${status}`,
          targetType: 'admin_user',
          targetId: grant.admin_id,
          detail: {
            grantId,
            role: grant.role,
            requestedBy: grant.requested_by,
            ...(reason ? { reason } : {}),
            ...(change ?? {}),
          },
          ip: actor.ip,
        },
        m,
      );
      return decided;
    });
    return (await this.grantViews([row]))[0];
  }

  private async insertGrant(m: EntityManager, adminId: string, requestedBy: string): Promise<RoleGrantRow> {
    try {
      const [row] = await m.query<RoleGrantRow[]>(
        `INSERT INTO accounts.admin_role_grants (admin_id, role, requested_by) VALUES ($1, $2, $3)
         RETURNING ${GRANT_COLUMNS}`,
        [adminId, AdminRole.SuperAdmin, requestedBy],
      );
      return row;
    } catch (error) {
      // admin_role_grants_one_pending (checked under the lock before; the index has the last word).
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw new AppException(ErrorCode.Conflict, null, {}, 'auth.roleGrantPending');
      throw error;
    }
  }

  private auditGrantRequested(m: EntityManager, grant: RoleGrantRow, actor: AdminActor) {
    return this.audit.record(
      {
        adminId: actor.id,
        action: 'admin.role_grant_requested',
        targetType: 'admin_user',
        targetId: grant.admin_id,
        detail: { grantId: grant.id, role: grant.role, status: grant.status },
        ip: actor.ip,
      },
      m,
    );
  }

  /** What the account's audit entry says of the super-admin role it was given or asked for. */
  private grantNote(grant: RoleGrantRow | null, superAdmins: string[]) {
    return grant
      ? { grantId: grant.id, status: 'pending' }
      : // The bootstrap case (superAdminGrantMode): the only active super-admin grants at once.
        { status: 'immediate', activeSuperAdmins: superAdmins.length };
  }

  private async emailOf(id: string): Promise<string | null> {
    const rows = await this.dataSource.query<{ email: string }[]>(
      `SELECT email FROM accounts.admin_users WHERE id = $1`,
      [id],
    );
    return rows[0]?.email ?? null;
  }

  private async grantViews(rows: RoleGrantRow[]) {
    const ids = [
      ...new Set(
        rows.flatMap((r) => [r.admin_id, r.requested_by, r.decided_by]).filter((x): x is string => !!x),
      ),
    ];
    const admins = ids.length ? await this.dataSource.getRepository(AdminUser).findBy({ id: In(ids) }) : [];
    const byId = new Map(admins.map((a) => [a.id, a]));
    return rows.map((r) => grantView(r, byId));
  }

  /**
   * How a grant of the super-admin role would go now (the console's create and edit forms say it
   * before the form is sent): the active super-admins and since when two have been active.
   */
  async grantMode() {
    const [superAdmins, fourEyesSince] = await Promise.all([
      activeSuperAdminIds(this.dataSource),
      readFourEyesSince(this.dataSource),
    ]);
    return {
      mode: superAdminGrantMode(superAdmins, fourEyesSince),
      activeSuperAdmins: superAdmins.length,
      fourEyesSince: fourEyesSince?.toISOString() ?? null,
    };
  }

  /**
   * Runs a change under the admin-accounts lock, once the acting admin is known to still be an
   * active super-admin (another super-admin may have disabled or demoted them a moment ago). When
   * the change leaves two or more super-admins active, four eyes hold from then on (the first time
   * is kept in accounts.admin_four_eyes; superAdminGrantMode).
   */
  private locked<T>(
    actor: AdminActor,
    work: (m: EntityManager, activeSuperAdmins: string[], fourEyesSince: Date | null) => Promise<T>,
  ) {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('accounts.admin_users'))`);
      const superAdmins = await activeSuperAdminIds(m);
      if (!superAdmins.includes(actor.id)) throw new AppException(ErrorCode.Forbidden);
      // Before the change (two are active now) and after it (it made a second one active).
      await this.keepFourEyes(m);
      const result = await work(m, superAdmins, await readFourEyesSince(m));
      await this.keepFourEyes(m);
      return result;
    });
  }

  /** Records, once, that two or more super-admins are active (superAdminGrantMode's fourEyesSince). */
  private async keepFourEyes(m: EntityManager) {
    await m.query(
      `INSERT INTO accounts.admin_four_eyes (since)
       SELECT $1 WHERE (SELECT count(*) FROM accounts.admin_users WHERE active AND $2 = ANY(roles)) >= 2
       ON CONFLICT DO NOTHING`,
      [this.clock.now(), AdminRole.SuperAdmin],
    );
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
