import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The withdrawal address whitelist: a row per user who turned it on (crypto withdrawals then go
 * only to usable address-book entries). Turning it off deletes the row.
 */
export class WithdrawalWhitelist1766500003000 implements MigrationInterface {
  name = 'WithdrawalWhitelist1766500003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE funds.withdrawal_whitelist (
        user_id uuid PRIMARY KEY,
        enabled_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE funds.withdrawal_whitelist`);
  }
}
