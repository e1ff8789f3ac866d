import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single-use, argon2-hashed recovery codes of admin accounts (shown once at TOTP enrolment), and
 * the demo-book switch of a customer: while demo_disabled_at is set, the demo book can be read but
 * no longer moves money.
 */
export class AdminRecoveryCodesDemoDisable1766100001000 implements MigrationInterface {
  name = 'AdminRecoveryCodesDemoDisable1766100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.admin_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES accounts.admin_users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX admin_recovery_codes_admin_idx ON accounts.admin_recovery_codes (admin_id) WHERE used_at IS NULL`,
    );
    await q.query(`ALTER TABLE accounts.users ADD COLUMN demo_disabled_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.users DROP COLUMN demo_disabled_at`);
    await q.query(`DROP TABLE accounts.admin_recovery_codes`);
  }
}
