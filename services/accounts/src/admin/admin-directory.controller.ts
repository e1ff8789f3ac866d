import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { In, type Repository } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  ErrorCode,
  listOrder,
  listPage,
  parseListQuery,
  setContentRange,
} from '@app/common';
import { LedgerService } from '@app/ledger';
import { User } from '../users/entities/user.entity';
import { adminView, pendingRoleGrants } from './admin-accounts.service';
import { AdminAudit } from './entities/admin-audit.entity';
import { AdminUser } from './entities/admin-user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ra-data-simple-rest's getMany sends `filter={"id":[...]}`: a single id or a list of them. */
function idList(value: unknown, valid: RegExp): string[] | undefined {
  const ids = Array.isArray(value) ? value : value === undefined ? undefined : [value];
  return ids?.map(String).filter((id) => valid.test(id));
}

/** The console's read-only directories: customers, admin accounts and the audit trail. */
@ApiTags('admin')
@Controller('swx/admin')
export class AdminDirectoryController {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    @InjectRepository(AdminAudit) private readonly audit: Repository<AdminAudit>,
    private readonly ledger: LedgerService,
  ) {}

  @Get('users')
  @AdminAuth(AdminRole.Reviewer, AdminRole.Operator)
  @ApiOperation({
    summary:
      'Customers (ra-data-simple-rest: range, sort, filter {q, status, id}); q matches name, e-mail, phone',
  })
  async listUsers(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['createdAt', 'username', 'email', 'level', 'status'], {
      field: 'createdAt',
      order: 'DESC',
    });
    const { q, status, id } = list.filter as { q?: unknown; status?: unknown; id?: unknown };
    const qb = this.users.createQueryBuilder('u');
    const ids = idList(id, UUID);
    if (ids) qb.andWhere(ids.length ? 'u.id IN (:...ids)' : 'false', { ids });
    if (typeof status === 'string') qb.andWhere('u.status = :status', { status });
    if (typeof q === 'string' && q.trim()) {
      qb.andWhere('(u.username ILIKE :q OR u.email ILIKE :q OR u.phone ILIKE :q)', { q: `%${q.trim()}%` });
    }
    const [rows, total] = await listPage(qb, list);
    setContentRange(reply, 'users', list.offset, rows.length, total);
    return rows.map((u) => this.userView(u));
  }

  @Get('users/:id')
  @AdminAuth(AdminRole.Reviewer, AdminRole.Operator)
  @ApiOperation({ summary: 'One customer with the balances of both books' })
  async oneUser(@Param('id') id: string) {
    if (!UUID.test(id)) throw new AppException(ErrorCode.NotFound);
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw new AppException(ErrorCode.NotFound);
    const [real, demo, demoState] = await Promise.all([
      this.ledger.userBalances(id, 'real'),
      this.ledger.userBalances(id, 'demo'),
      this.users.query<{ demo_disabled_at: Date | null }[]>(
        'SELECT demo_disabled_at FROM accounts.users WHERE id = $1',
        [id],
      ),
    ]);
    const lines = (rows: typeof real) =>
      rows.map((r) => ({ currency: r.currency, kind: r.kind, balance: r.balance.toFixed() }));
    const demoDisabledAt = demoState[0]?.demo_disabled_at ?? null;
    return {
      ...this.userView(user),
      // Disabled by an operator (disableDemo): readable, money moves on it answer 10094.
      demoEnabled: demoDisabledAt === null,
      demoDisabledAt: demoDisabledAt?.toISOString() ?? null,
      balances: { real: lines(real), demo: lines(demo) },
    };
  }

  @Get('admins')
  @AdminAuth(AdminRole.SuperAdmin)
  @ApiOperation({
    summary:
      'Admin accounts and their roles, with a super-admin role grant waiting for approval (ra-data-simple-rest: range, sort, filter {id})',
  })
  async listAdmins(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['createdAt', 'email', 'displayName'], {
      field: 'createdAt',
      order: 'ASC',
    });
    const ids = idList((list.filter as { id?: unknown }).id, UUID);
    const [rows, total] = await this.admins.findAndCount({
      where: ids ? { id: In(ids) } : {},
      order: listOrder(list),
      skip: list.offset,
      take: list.limit,
    });
    setContentRange(reply, 'admins', list.offset, rows.length, total);
    const pending = await pendingRoleGrants(
      this.admins.manager,
      rows.map((a) => a.id),
    );
    return rows.map((a) => adminView(a, pending.get(a.id) ?? null));
  }

  @Get('audit')
  @AdminAuth()
  @ApiOperation({
    summary:
      'The audit trail, newest first (ra-data-simple-rest: range, sort, filter {action, adminId, targetType, targetId, q})',
  })
  async listAudit(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'createdAt', 'action'], { field: 'id', order: 'DESC' });
    const f = list.filter;
    const qb = this.audit.createQueryBuilder('a');
    if (typeof f.action === 'string') qb.andWhere('a.action = :action', { action: f.action });
    if (typeof f.adminId === 'string') qb.andWhere('a.admin_id::text = :adminId', { adminId: f.adminId });
    if (typeof f.targetType === 'string')
      qb.andWhere('a.target_type = :targetType', { targetType: f.targetType });
    if (typeof f.targetId === 'string') qb.andWhere('a.target_id = :targetId', { targetId: f.targetId });
    if (typeof f.q === 'string' && f.q.trim()) {
      qb.andWhere('(a.action ILIKE :q OR a.target_id ILIKE :q OR a.detail::text ILIKE :q)', {
        q: `%${f.q.trim()}%`,
      });
    }
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    const adminIds = [...new Set(rows.map((r) => r.adminId).filter((id): id is string => !!id))];
    const emails = new Map(
      (adminIds.length ? await this.admins.findBy({ id: In(adminIds) }) : []).map((a) => [a.id, a.email]),
    );
    setContentRange(reply, 'audit', list.offset, rows.length, total);
    return rows.map((r) => ({
      id: r.id,
      adminId: r.adminId,
      adminEmail: r.adminId ? (emails.get(r.adminId) ?? null) : null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      detail: r.detail,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private userView(u: User) {
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      phone: u.phone,
      status: u.status,
      level: u.level,
      inviteCode: u.inviteCode,
      invitedBy: u.invitedBy,
      totpEnabled: u.totpEnabledAt !== null,
      createdAt: u.createdAt.toISOString(),
    };
  }
}
