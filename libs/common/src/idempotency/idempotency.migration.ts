import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored answers of requests sent with an Idempotency-Key header (kept at least 24 hours). */
export class CreateIdempotencyKeys1763800000500 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1763800000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS common`);
    await q.query(`
      CREATE TABLE common.idempotency_keys (
        owner text NOT NULL,
        key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('processing', 'done')),
        answer jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (owner, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON common.idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE common.idempotency_keys`);
  }
}
