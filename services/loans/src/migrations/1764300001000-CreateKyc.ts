import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateKyc1764300001000 implements MigrationInterface {
  name = 'CreateKyc1764300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS loans`);
    await q.query(`
      CREATE TABLE loans.kyc_submissions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        level text NOT NULL CHECK (level IN ('basic', 'advanced')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'failed')),
        data jsonb NOT NULL,
        files jsonb NOT NULL,
        reason text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One submission under review per user and level: a second one is refused (10019).
    await q.query(
      `CREATE UNIQUE INDEX kyc_one_pending ON loans.kyc_submissions (user_id, level) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX kyc_user_idx ON loans.kyc_submissions (user_id, level, id DESC)`);
    await q.query(`CREATE INDEX kyc_status_idx ON loans.kyc_submissions (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA loans CASCADE`);
  }
}
