import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AUDIT_CANONICAL_COLUMNS, AUDIT_GENESIS_HASH, auditRowHash, type AuditChainRow } from './audit-chain';
import { AdminAudit } from './entities/admin-audit.entity';

/** Rows checked per query when the chain is verified. */
const VERIFY_BATCH = 1000;

export interface AuditChainReport {
  ok: boolean;
  /** Rows walked (up to and including the first broken one). */
  checked: number;
  /** The newest hash when the chain is intact. */
  headHash: string | null;
  firstBroken: { id: string; reason: 'hash_missing' | 'prev_hash_mismatch' | 'hash_mismatch' } | null;
}

/**
 * The audit trail of every admin action (written in the action's own transaction when given).
 * Tamper-evident: each row carries the hash of the previous one and its own; rows are written
 * under a transaction-scoped advisory lock, so the chain is linear (one row after the other).
 */
@Injectable()
export class AdminAuditService {
  constructor(@InjectRepository(AdminAudit) private readonly audit: Repository<AdminAudit>) {}

  async record(
    entry: {
      adminId: string | null;
      action: string;
      targetType?: string;
      targetId?: string;
      detail?: Record<string, unknown>;
      ip?: string;
    },
    manager: EntityManager = this.audit.manager,
  ): Promise<void> {
    const write = async (m: EntityManager) => {
      // Held until the transaction ends: the next row sees this one committed (or rolled back).
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('accounts.admin_audit'))`);
      const last = await m.query<{ hash: string | null }[]>(
        `SELECT hash FROM accounts.admin_audit ORDER BY id DESC LIMIT 1`,
      );
      const prev = last[0]?.hash ?? AUDIT_GENESIS_HASH;
      const inserted = await m.query<AuditChainRow[]>(
        `INSERT INTO accounts.admin_audit (admin_id, action, target_type, target_id, detail, ip, prev_hash)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
         RETURNING ${AUDIT_CANONICAL_COLUMNS}`,
        [
          entry.adminId,
          entry.action,
          entry.targetType ?? null,
          entry.targetId ?? null,
          JSON.stringify(entry.detail ?? {}),
          entry.ip ?? null,
          prev,
        ],
      );
      const row = inserted[0];
      await m.query(`UPDATE accounts.admin_audit SET hash = $2 WHERE id = $1`, [
        row.id,
        auditRowHash(prev, row),
      ]);
    };
    if (manager.queryRunner?.isTransactionActive) await write(manager);
    else await manager.transaction(write);
  }

  /** Walks the chain in id order and reports the first row whose links or contents do not match. */
  async verify(): Promise<AuditChainReport> {
    let prev = AUDIT_GENESIS_HASH;
    let after = '0';
    let checked = 0;
    for (;;) {
      const rows = await this.audit.query<
        (AuditChainRow & { prev_hash: string | null; hash: string | null })[]
      >(
        `SELECT ${AUDIT_CANONICAL_COLUMNS}, prev_hash, hash FROM accounts.admin_audit
         WHERE id > $1 ORDER BY admin_audit.id LIMIT ${VERIFY_BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        checked++;
        const broken = (
          reason: NonNullable<AuditChainReport['firstBroken']>['reason'],
        ): AuditChainReport => ({
          ok: false,
          checked,
          headHash: null,
          firstBroken: { id: row.id, reason },
        });
        if (!row.hash) return broken('hash_missing');
        if (row.prev_hash !== prev) return broken('prev_hash_mismatch');
        if (auditRowHash(prev, row) !== row.hash) return broken('hash_mismatch');
        prev = row.hash;
        after = row.id;
      }
    }
    return { ok: true, checked, headHash: checked ? prev : null, firstBroken: null };
  }
}
