import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Since when two super-admins have been active (one row at most). From then on a grant of the
 * super-admin role always waits for another super-admin, also when one is left alone: otherwise a
 * super-admin could disable or demote the others and grant the role at once again (superAdminGrantMode).
 * A platform that already has two active super-admins starts with the row.
 */
export class AdminFourEyes1767000001000 implements MigrationInterface {
  name = 'AdminFourEyes1767000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.admin_four_eyes (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        since timestamptz NOT NULL
      )`);
    await q.query(`
      INSERT INTO accounts.admin_four_eyes (since)
      SELECT now() WHERE (SELECT count(*) FROM accounts.admin_users
                           WHERE active AND 'super_admin' = ANY(roles)) >= 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.admin_four_eyes`);
  }
}
