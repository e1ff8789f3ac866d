import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The time of a user's last security change (password change or reset, withdrawal-password change,
 * 2FA turned off, e-mail or phone change): withdrawals wait 24 hours after it. And the code scene
 * of an e-mail or phone change (sent to the new address).
 */
export class SecurityChanges1766000001000 implements MigrationInterface {
  name = 'SecurityChanges1766000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.users ADD COLUMN security_changed_at timestamptz`);
    await q.query(`ALTER TABLE accounts.verification_codes DROP CONSTRAINT verification_codes_scene_check`);
    await q.query(`
      ALTER TABLE accounts.verification_codes ADD CONSTRAINT verification_codes_scene_check
        CHECK (scene IN ('register', 'reset', 'withdrawPassword', 'changeContact'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM accounts.verification_codes WHERE scene = 'changeContact'`);
    await q.query(`ALTER TABLE accounts.verification_codes DROP CONSTRAINT verification_codes_scene_check`);
    await q.query(`
      ALTER TABLE accounts.verification_codes ADD CONSTRAINT verification_codes_scene_check
        CHECK (scene IN ('register', 'reset', 'withdrawPassword'))`);
    await q.query(`ALTER TABLE accounts.users DROP COLUMN security_changed_at`);
  }
}
