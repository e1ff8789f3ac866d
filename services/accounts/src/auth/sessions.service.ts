import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, TokenService, type AppConfig, type AuthPrincipal, type SessionStore } from '@app/common';
import { Session } from './entities/session.entity';
import { AdminUser } from '../admin/entities/admin-user.entity';
import { User } from '../users/entities/user.entity';

/** Server-side sessions: a token is only as good as its live session row. */
@Injectable()
export class SessionsService implements SessionStore {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    if (kind === 'customer') {
      const row = await this.sessions
        .createQueryBuilder('s')
        .innerJoin(User, 'u', 'u.id = s.subject_id')
        .select(['s.id AS id', 's.subject_id AS subject_id'])
        .where('s.id = :sessionId AND s.kind = :kind AND s.revoked_at IS NULL AND s.expires_at > now()', {
          sessionId,
          kind,
        })
        .getRawOne<{ id: string; subject_id: string }>();
      return row ? { kind, id: row.subject_id, sessionId: row.id, roles: [] } : null;
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
  }

  /** Revokes every live session of a subject (after a password change or reset). */
  async revokeAll(
    kind: AuthPrincipal['kind'],
    subjectId: string,
    manager: EntityManager = this.sessions.manager,
  ) {
    await manager.update(Session, { kind, subjectId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
