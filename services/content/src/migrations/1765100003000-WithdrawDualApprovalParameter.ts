import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawals worth more than this many USDT (the amount at the feed's last price when requested;
 * USDT at 1) need two approvals by two different admins. Empty or 0 turns the rule off.
 */
export class WithdrawDualApprovalParameter1765100003000 implements MigrationInterface {
  name = 'WithdrawDualApprovalParameter1765100003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO content.parameters (key, value, kind, description) VALUES
         ('withdraw_dual_approval_threshold', '10000', 'decimal', 'Withdrawals worth more than this many USDT need two approvals by two different admins (0: off)')
       ON CONFLICT (key) DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM content.parameters WHERE key = 'withdraw_dual_approval_threshold'`);
  }
}
