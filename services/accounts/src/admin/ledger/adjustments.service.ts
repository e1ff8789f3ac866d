import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AppException, ErrorCode, listPage, type ListQuery } from '@app/common';
import { LedgerService, SystemAccount, type AccountRef } from '@app/ledger';
import { AdminAuditService } from '../admin-audit.service';
import { AdminUser } from '../entities/admin-user.entity';
import { User } from '../../users/entities/user.entity';
import type { CreateAdjustmentDto } from './adjustment.dto';
import { LedgerAdjustment } from './ledger-adjustment.entity';

const ID = /^\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The house account on the other side of every adjustment. */
const COUNTER: SystemAccount = SystemAccount.Adjustments;
/** The only kinds an adjustment may touch: a customer's free balance, a house account's main one.
 * Customers' other kinds (frozen, margin, ...) are holds that business rows explain (a withdrawal,
 * an order): changing them by hand would leave a hold that nothing releases. */
const USER_KIND = 'available';
const SYSTEM_KIND = 'main';

export const ADJUSTMENT_SORTS = ['id', 'createdAt', 'status', 'amount'] as const;

/**
 * Manual ledger adjustments with maker-checker (DESIGN.md principle 4): a super-admin creates the
 * request with a reason; only a second, different super-admin's approval posts it, as one ledger
 * transfer against the system account `adjustments` with the key `admin-adjustment-<id>` (a
 * replayed approval posts nothing). Every step is audited in its own transaction.
 */
@Injectable()
export class AdjustmentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AdminAuditService,
  ) {}

  async create(dto: CreateAdjustmentDto, adminId: string, ip: string) {
    const amount = new Decimal(dto.amount);
    if (!amount.gt(0)) throw AppException.field('amount', 'validation.enterAmount');
    let kind: string;
    if (dto.ownerType === 'user') {
      if (!UUID.test(dto.ownerId)) throw AppException.field('ownerId', 'validation.invalid');
      kind = USER_KIND;
    } else {
      const known = Object.values(SystemAccount).filter((a) => a !== COUNTER) as string[];
      if (!known.includes(dto.ownerId)) throw AppException.field('ownerId', 'validation.invalid');
      kind = SYSTEM_KIND;
    }
    if (dto.kind !== undefined && dto.kind !== kind) throw AppException.field('kind', 'validation.invalid');
    const ownerId = dto.ownerType === 'user' ? dto.ownerId.toLowerCase() : dto.ownerId;
    const signed = dto.direction === 'debit' ? amount.neg() : amount;
    const saved = await this.dataSource.transaction(async (m) => {
      if (dto.ownerType === 'user') {
        const user = await m.getRepository(User).findOne({ where: { id: ownerId } });
        if (!user) throw AppException.field('ownerId', 'validation.invalid');
      }
      // Early answer for a debit the balance does not cover (the approval checks again, in the ledger).
      if (dto.ownerType === 'user' && signed.isNegative()) {
        const balance = await this.ledger.balance(this.target(ownerId, dto, kind), m);
        if (balance.lt(amount)) throw new AppException(ErrorCode.InsufficientBalance);
      }
      const row = await m.save(
        m.create(LedgerAdjustment, {
          ownerType: dto.ownerType,
          ownerId,
          book: dto.book,
          currency: dto.currency,
          kind,
          amount: signed,
          reason: dto.reason,
          status: 'pending',
          createdBy: adminId,
        }),
      );
      await this.audit.record(
        {
          adminId,
          action: 'adjustment.created',
          targetType: 'adjustment',
          targetId: row.id,
          detail: { after: this.auditDetail(row) },
          ip,
        },
        m,
      );
      return row;
    });
    return (await this.views([saved]))[0];
  }

  /**
   * The second super-admin's approval: posts the transfer once. The maker is refused (403), also on
   * a repeat; a repeat by a checker answers the stored outcome; an approval of a rejected request is
   * a 409. A debit the balance does not cover is refused (10092) and nothing is written.
   */
  async approve(id: string, adminId: string, ip: string) {
    const row = await this.dataSource.transaction(async (m) => {
      const adjustment = await this.locked(m, id);
      this.assertChecker(adjustment, adminId);
      if (adjustment.status === 'approved') return adjustment;
      if (adjustment.status !== 'pending') throw new AppException(ErrorCode.Conflict);
      const target = this.target(adjustment.ownerId, adjustment, adjustment.kind);
      const counter: AccountRef = {
        owner: { type: 'system', id: COUNTER },
        book: adjustment.book,
        currency: adjustment.currency,
        kind: SYSTEM_KIND,
      };
      const credit = adjustment.amount.isPositive();
      // InsufficientBalanceError (10092) when a debit would take a customer below zero: the
      // transaction ends there and nothing of the approval is written.
      const posted = await this.ledger.post(
        {
          key: `admin-adjustment-${adjustment.id}`,
          reason: 'admin_adjustment',
          refType: 'adjustment',
          refId: adjustment.id,
          legs: [
            {
              from: credit ? counter : target,
              to: credit ? target : counter,
              amount: adjustment.amount.abs(),
            },
          ],
        },
        m,
      );
      adjustment.status = 'approved';
      adjustment.decidedBy = adminId;
      adjustment.decidedAt = new Date();
      adjustment.journalId = posted.journalId;
      await m.save(adjustment);
      await this.audit.record(
        {
          adminId,
          action: 'adjustment.approved',
          targetType: 'adjustment',
          targetId: adjustment.id,
          detail: {
            before: { status: 'pending' },
            after: { ...this.auditDetail(adjustment), journalId: posted.journalId },
          },
          ip,
        },
        m,
      );
      return adjustment;
    });
    return (await this.views([row]))[0];
  }

  /** Rejects with a reason (the maker may withdraw their own request this way); nothing moves. */
  async reject(id: string, adminId: string, ip: string, reason: string | undefined) {
    if (!reason) throw AppException.field('reason', 'validation.rejectReasonRequired');
    const row = await this.dataSource.transaction(async (m) => {
      const adjustment = await this.locked(m, id);
      if (adjustment.status === 'rejected') return adjustment;
      if (adjustment.status !== 'pending') throw new AppException(ErrorCode.Conflict);
      adjustment.status = 'rejected';
      adjustment.decidedBy = adminId;
      adjustment.decidedAt = new Date();
      adjustment.decisionReason = reason;
      await m.save(adjustment);
      await this.audit.record(
        {
          adminId,
          action: 'adjustment.rejected',
          targetType: 'adjustment',
          targetId: adjustment.id,
          detail: { before: { status: 'pending' }, after: { status: 'rejected' }, reason },
          ip,
        },
        m,
      );
      return adjustment;
    });
    return (await this.views([row]))[0];
  }

  /** ra-data-simple-rest list, filter {status, ownerType, ownerId, currency, book, createdBy, id}. */
  async list(list: ListQuery) {
    const qb = this.dataSource.getRepository(LedgerAdjustment).createQueryBuilder('a');
    const f = list.filter;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    if (str(f.status)) qb.andWhere('a.status = :status', { status: f.status });
    if (str(f.ownerType)) qb.andWhere('a.owner_type = :ownerType', { ownerType: f.ownerType });
    if (str(f.ownerId)) qb.andWhere('a.owner_id = :ownerId', { ownerId: f.ownerId });
    if (str(f.currency)) qb.andWhere('a.currency = :currency', { currency: f.currency });
    if (str(f.book)) qb.andWhere('a.book = :book', { book: f.book });
    if (str(f.createdBy) && UUID.test(String(f.createdBy)))
      qb.andWhere('a.created_by = :createdBy', { createdBy: f.createdBy });
    if (f.id !== undefined) {
      const ids = (Array.isArray(f.id) ? f.id : [f.id]).map(String).filter((id) => ID.test(id));
      qb.andWhere(ids.length ? 'a.id IN (:...ids)' : 'false', { ids });
    }
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    return { rows: await this.views(rows), total };
  }

  async one(id: string) {
    if (!ID.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource.getRepository(LedgerAdjustment).findOneBy({ id });
    if (!row) throw new AppException(ErrorCode.NotFound);
    return (await this.views([row]))[0];
  }

  private async locked(m: EntityManager, id: string): Promise<LedgerAdjustment> {
    if (!ID.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await m
      .getRepository(LedgerAdjustment)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new AppException(ErrorCode.NotFound);
    return row;
  }

  /** Four eyes: whoever asked for an adjustment can never be the one who approves it. */
  private assertChecker(row: LedgerAdjustment, adminId: string) {
    if (row.createdBy === adminId)
      throw new AppException(ErrorCode.Forbidden, null, {}, 'message.fourEyesRequired');
  }

  private target(
    ownerId: string,
    where: { ownerType: 'user' | 'system'; book: 'real' | 'demo'; currency: string },
    kind: string,
  ): AccountRef {
    return {
      owner:
        where.ownerType === 'user'
          ? { type: 'user', id: ownerId }
          : { type: 'system', id: ownerId as SystemAccount },
      book: where.book,
      currency: where.currency,
      kind,
    };
  }

  private auditDetail(row: LedgerAdjustment) {
    return {
      status: row.status,
      ownerType: row.ownerType,
      ownerId: row.ownerId,
      book: row.book,
      currency: row.currency,
      kind: row.kind,
      amount: row.amount.toFixed(),
      reason: row.reason,
    };
  }

  private view(row: LedgerAdjustment, names = new Map<string, string>(), emails = new Map<string, string>()) {
    return {
      id: row.id,
      ownerType: row.ownerType,
      ownerId: row.ownerId,
      username: row.ownerType === 'user' ? (names.get(row.ownerId) ?? null) : null,
      book: row.book,
      currency: row.currency,
      kind: row.kind,
      direction: row.amount.isNegative() ? 'debit' : 'credit',
      amount: row.amount.abs().toFixed(),
      signedAmount: row.amount.toFixed(),
      reason: row.reason,
      status: row.status,
      createdBy: row.createdBy,
      createdByEmail: emails.get(row.createdBy) ?? null,
      decidedBy: row.decidedBy,
      decidedByEmail: row.decidedBy ? (emails.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      journalId: row.journalId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async views(rows: LedgerAdjustment[]) {
    const adminIds = [
      ...new Set(rows.flatMap((r) => [r.createdBy, r.decidedBy]).filter((x): x is string => !!x)),
    ];
    const userIds = [...new Set(rows.filter((r) => r.ownerType === 'user').map((r) => r.ownerId))];
    const [admins, users] = await Promise.all([
      adminIds.length ? this.dataSource.getRepository(AdminUser).findBy({ id: In(adminIds) }) : [],
      userIds.length ? this.dataSource.getRepository(User).findBy({ id: In(userIds) }) : [],
    ]);
    const emails = new Map(admins.map((a) => [a.id, a.email]));
    const names = new Map(users.map((u) => [u.id, u.username]));
    return rows.map((r) => this.view(r, names, emails));
  }
}
