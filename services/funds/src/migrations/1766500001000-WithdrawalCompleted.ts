import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec's last withdrawal state, "completed": after the approval (the money left the ledger) a
 * reviewer records the payout itself, the transaction hash or the bank's reference, which the user
 * then sees on the withdrawal.
 */
export class WithdrawalCompleted1766500001000 implements MigrationInterface {
  name = 'WithdrawalCompleted1766500001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE funds.withdrawals
        DROP CONSTRAINT withdrawals_status_check,
        ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'completed')),
        ADD COLUMN payout_reference text,
        ADD COLUMN completed_by uuid,
        ADD COLUMN completed_at timestamptz,
        ADD CONSTRAINT withdrawals_completed CHECK (
          (status = 'completed') = (payout_reference IS NOT NULL AND completed_by IS NOT NULL AND completed_at IS NOT NULL)),
        DROP CONSTRAINT withdrawals_two_approvers,
        ADD CONSTRAINT withdrawals_two_approvers CHECK (first_approved_by IS NULL OR reviewed_by IS NULL
          OR status NOT IN ('approved', 'completed') OR first_approved_by <> reviewed_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE funds.withdrawals SET status = 'approved' WHERE status = 'completed'`);
    await q.query(`
      ALTER TABLE funds.withdrawals
        DROP CONSTRAINT withdrawals_two_approvers,
        ADD CONSTRAINT withdrawals_two_approvers CHECK (first_approved_by IS NULL OR reviewed_by IS NULL
          OR status <> 'approved' OR first_approved_by <> reviewed_by),
        DROP CONSTRAINT withdrawals_completed,
        DROP COLUMN completed_at,
        DROP COLUMN completed_by,
        DROP COLUMN payout_reference,
        DROP CONSTRAINT withdrawals_status_check,
        ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('pending', 'approved', 'rejected'))`);
  }
}
