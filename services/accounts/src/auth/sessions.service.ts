import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  APP_CONFIG,
  preparedQuery,
  TokenService,
  type AppConfig,
  type AuthPrincipal,
  type SessionStore,
} from '@app/common';
import { CustomerSessionCache } from './customer-session-cache';
import { Session } from './entities/session.entity';
import { AdminUser } from '../admin/entities/admin-user.entity';

/** Server-side sessions: a token is only as good as its live session row. */
@Injectable()
export class SessionsService implements SessionStore {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: CustomerSessionCache,
  ) {}

  async open(
    kind: AuthPrincipal['kind'],
    subjectId: string,
    client: { ip?: string; userAgent?: string },
    manager: EntityManager = this.sessions.manager,
  ): Promise<{ token: string; expiresAt: Date }> {
    const hours = kind === 'admin' ? this.config.ADMIN_SESSION_TTL_HOURS : this.config.SESSION_TTL_HOURS;
    const expiresAt = new Date(Date.now() + hours * 3600 * 1000);
    const session = await manager.save(
      manager.create(Session, {
        kind,
        subjectId,
        expiresAt,
        revokedAt: null,
        ip: client.ip ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      }),
    );
    const token = await this.tokens.sign({ sessionId: session.id, subjectId, kind }, expiresAt);
    return { token, expiresAt };
  }

  async findLive(sessionId: string, kind: AuthPrincipal['kind']): Promise<AuthPrincipal | null> {
    // One indexed lookup joins the session to its subject, so a frozen admin loses access at once.
    // A customer's is remembered by the process (CustomerSessionCache) until something revokes it.
    if (kind === 'customer') {
      const cached = this.cache.get(sessionId);
      if (cached)
        return { kind, id: cached.subjectId, sessionId, roles: [], demoDisabled: cached.demoDisabled };
      const ticket = this.cache.ticket();
      const rows = await preparedQuery<{ subject_id: string; expires_at: Date; demo_disabled: boolean }>(
        this.sessions.manager,
        'accounts_customer_session',
        `SELECT s.subject_id, s.expires_at, u.demo_disabled_at IS NOT NULL AS demo_disabled
           FROM accounts.sessions s JOIN accounts.users u ON u.id = s.subject_id
          WHERE s.id = $1 AND s.kind = 'customer' AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [sessionId],
      );
      const row = rows[0];
      if (!row) return null;
      this.cache.store(ticket, sessionId, {
        subjectId: row.subject_id,
        expiresAtMs: row.expires_at.getTime(),
        demoDisabled: row.demo_disabled,
      });
      return { kind, id: row.subject_id, sessionId, roles: [], demoDisabled: row.demo_disabled };
    }
    const row = await this.sessions
      .createQueryBuilder('s')
      .innerJoin(AdminUser, 'a', 'a.id = s.subject_id AND a.active')
      .select(['s.id AS id', 's.subject_id AS subject_id', 'a.roles AS roles'])
      .where('s.id = :sessionId AND s.kind = :kind AND s.revoked_at IS NULL AND s.expires_at > now()', {
        sessionId,
        kind,
      })
      .getRawOne<{ id: string; subject_id: string; roles: string[] }>();
    return row ? { kind, id: row.subject_id, sessionId: row.id, roles: row.roles } : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
    this.cache.forgetSession(sessionId);
  }

  /**
   * A customer's remembered sessions are stale (frozen, demo book toggled...): forgotten at once
   * and again when `manager`'s transaction commits.
   */
  forgetCustomer(userId: string, manager?: EntityManager): void {
    this.cache.forgetSubject(userId, manager);
  }

  /** Revokes every live session of a subject (after a password change or reset). */
  async revokeAll(
    kind: AuthPrincipal['kind'],
    subjectId: string,
    manager: EntityManager = this.sessions.manager,
  ): Promise<number> {
    const ended = await manager.update(
      Session,
      { kind, subjectId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    if (kind === 'customer') this.cache.forgetSubject(subjectId, manager);
    return ended.affected ?? 0;
  }
}
