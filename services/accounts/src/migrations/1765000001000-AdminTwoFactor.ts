import type { MigrationInterface, QueryRunner } from 'typeorm';

/** TOTP second factor of admin accounts: the (pending or confirmed) secret and the last step used. */
export class AdminTwoFactor1765000001000 implements MigrationInterface {
  name = 'AdminTwoFactor1765000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts.admin_users
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint,
        ADD CONSTRAINT admin_users_totp_enabled_has_secret
          CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts.admin_users
        DROP CONSTRAINT admin_users_totp_enabled_has_secret,
        DROP COLUMN totp_secret,
        DROP COLUMN totp_enabled_at,
        DROP COLUMN totp_last_step`);
  }
}
