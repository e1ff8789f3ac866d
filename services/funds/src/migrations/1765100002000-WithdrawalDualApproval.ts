import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawals worth more than the system parameter withdraw_dual_approval_threshold (USDT) need two
 * approvals by two different admins: the number needed is fixed when the request is made, the
 * first approval is recorded here (the money stays frozen) and the second one pays out.
 */
export class WithdrawalDualApproval1765100002000 implements MigrationInterface {
  name = 'WithdrawalDualApproval1765100002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE funds.withdrawals
        ADD COLUMN approvals_required smallint NOT NULL DEFAULT 1 CHECK (approvals_required IN (1, 2)),
        ADD COLUMN first_approved_by uuid,
        ADD COLUMN first_approved_at timestamptz,
        ADD CONSTRAINT withdrawals_two_approvers CHECK (first_approved_by IS NULL OR reviewed_by IS NULL
          OR status <> 'approved' OR first_approved_by <> reviewed_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE funds.withdrawals
        DROP CONSTRAINT withdrawals_two_approvers,
        DROP COLUMN first_approved_at,
        DROP COLUMN first_approved_by,
        DROP COLUMN approvals_required`);
  }
}
