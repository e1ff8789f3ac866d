import type { FastifyReply } from 'fastify';
import type { DataSource, EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';
import { AppException, ErrorCode, listPage, parseListQuery, setContentRange } from '@app/common';
import type { AdminAuditService } from '@app/accounts';
import type { ReviewStatus } from '../deposits/entities/recharge.entity';

/** What deposits and withdrawals share: a request a reviewer approves or rejects. */
export interface Reviewable {
  id: string;
  userId: string;
  /** A withdrawal goes on to `completed` once its payout is recorded (after the review). */
  status: ReviewStatus | 'completed';
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

/**
 * A reviewer's decision in one transaction: the row is locked, the money moves (`settle`), the
 * decision and the audit row are written. Clicking the same decision twice answers the stored
 * outcome; the other decision on a decided request is refused (409).
 */
export async function decideReview<T extends Reviewable>(options: {
  dataSource: DataSource;
  entity: EntityTarget<T>;
  id: string;
  decision: 'approved' | 'rejected';
  reason?: string;
  adminId: string;
  ip: string;
  audit: AdminAuditService;
  /** Audit action prefix, e.g. `withdrawal` gives `withdrawal.approved`. */
  subject: string;
  settle: (m: EntityManager, row: T) => Promise<void>;
  /**
   * Four eyes for some rows (withdrawals above a threshold): an approval of a row that needs two
   * only records the first approver (nothing moves, the audit says `<subject>.approved_once`); the
   * second approval, by a different admin, settles. The first approver approving again is refused
   * (403) while the second approval is missing.
   */
  dualApproval?: {
    required: (row: T) => boolean;
    firstApprover: (row: T) => string | null;
    recordFirst: (row: T, adminId: string, at: Date) => void;
  };
}): Promise<T> {
  const { dataSource, entity, id, decision, reason, adminId, ip, audit, subject, settle, dualApproval } =
    options;
  if (!/^\d{1,18}$/.test(id)) throw new AppException(ErrorCode.NotFound);
  return dataSource.transaction(async (m) => {
    const row = await m
      .getRepository(entity)
      .findOne({ where: { id } as FindOptionsWhere<T>, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new AppException(ErrorCode.NotFound);
    if (row.status !== 'pending') {
      // A withdrawal paid out and completed since was approved: approving again is the same no-op.
      if (row.status === decision || (decision === 'approved' && row.status === 'completed')) return row;
      throw new AppException(ErrorCode.Conflict);
    }
    if (decision === 'approved' && dualApproval?.required(row)) {
      const first = dualApproval.firstApprover(row);
      if (first === adminId)
        throw new AppException(ErrorCode.Forbidden, null, {}, 'message.fourEyesRequired');
      if (first === null) {
        dualApproval.recordFirst(row, adminId, new Date());
        await m.save(entity, row);
        await audit.record(
          {
            adminId,
            action: `${subject}.approved_once`,
            targetType: subject,
            targetId: id,
            detail: { before: { approvals: 0 }, after: { approvals: 1 }, needed: 2 },
            ip,
          },
          m,
        );
        return row;
      }
    }
    await settle(m, row);
    row.status = decision;
    row.reason = reason ?? null;
    row.reviewedBy = adminId;
    row.reviewedAt = new Date();
    await m.save(entity, row);
    await audit.record(
      {
        adminId,
        action: `${subject}.${decision}`,
        targetType: subject,
        targetId: id,
        detail: { reason },
        ip,
      },
      m,
    );
    return row;
  });
}

/**
 * The reviewers' list of one kind of request (ra-data-simple-rest: range, sort, filter {status, userId}):
 * requests of the same sort value newest first, in one order from page to page.
 */
export async function listForReview<T extends Reviewable>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  query: Record<string, string>,
  resource: string,
  reply: FastifyReply,
): Promise<T[]> {
  const list = parseListQuery(query, ['id', 'createdAt', 'amount', 'status'], { field: 'id', order: 'DESC' });
  const qb = dataSource.getRepository(entity).createQueryBuilder('r');
  const { status, userId } = list.filter as { status?: unknown; userId?: unknown };
  if (typeof status === 'string') qb.andWhere('r.status = :status', { status });
  if (typeof userId === 'string') qb.andWhere('r.user_id::text = :userId', { userId });
  const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
  setContentRange(reply, resource, list.offset, rows.length, total);
  return rows;
}
