import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys for integrators: scopes, an optional IP allowlist and the encrypted HMAC secret. */
export class ApiKeys1764010001000 implements MigrationInterface {
  name = 'ApiKeys1764010001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.api_keys (
        id text PRIMARY KEY CHECK (id ~ '^ak_[0-9a-f]{32}$'),
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        label text NOT NULL,
        scopes text[] NOT NULL
          CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'trade', 'withdraw']::text[]),
        ip_allowlist text[] NOT NULL DEFAULT '{}',
        secret_box text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_user_idx ON accounts.api_keys (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.api_keys`);
  }
}
