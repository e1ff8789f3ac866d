import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  AUDIT_CANONICAL_COLUMNS,
  AUDIT_GENESIS_HASH,
  auditRowHash,
  type AuditChainRow,
} from '../admin/audit-chain';

/**
 * Tamper-evident audit log: each admin_audit row carries the hash of the previous one and its own
 * (sha256 over the previous hash and its canonical fields). Existing rows are chained in id order.
 */
export class AdminAuditChain1765000002000 implements MigrationInterface {
  name = 'AdminAuditChain1765000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.admin_audit ADD COLUMN prev_hash text, ADD COLUMN hash text`);
    let prev = AUDIT_GENESIS_HASH;
    let after = '0';
    for (;;) {
      const rows = (await q.query(
        `SELECT ${AUDIT_CANONICAL_COLUMNS} FROM accounts.admin_audit WHERE id > $1 ORDER BY admin_audit.id LIMIT 1000`,
        [after],
      )) as AuditChainRow[];
      if (rows.length === 0) break;
      for (const row of rows) {
        const hash = auditRowHash(prev, row);
        await q.query(`UPDATE accounts.admin_audit SET prev_hash = $2, hash = $3 WHERE id = $1`, [
          row.id,
          prev,
          hash,
        ]);
        prev = hash;
        after = row.id;
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.admin_audit DROP COLUMN prev_hash, DROP COLUMN hash`);
  }
}
