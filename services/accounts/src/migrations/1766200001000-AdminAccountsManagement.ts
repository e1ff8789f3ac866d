import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin accounts managed by super-admins: a display name, and when and why an account was disabled
 * (a disabled admin cannot sign in and its sessions end; the audit log keeps the full history).
 */
export class AdminAccountsManagement1766200001000 implements MigrationInterface {
  name = 'AdminAccountsManagement1766200001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts.admin_users
        ADD COLUMN display_name text,
        ADD COLUMN disabled_at timestamptz,
        ADD COLUMN disabled_reason text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts.admin_users
        DROP COLUMN disabled_reason,
        DROP COLUMN disabled_at,
        DROP COLUMN display_name`);
  }
}
