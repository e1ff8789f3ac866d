import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Google / OpenID Connect login: a provider account (issuer + subject) linked to one user. */
export class OidcLinks1763800003000 implements MigrationInterface {
  name = 'OidcLinks1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.oidc_links (
        issuer text NOT NULL,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT oidc_links_subject_unique PRIMARY KEY (issuer, subject)
      )`);
    await q.query(`CREATE INDEX oidc_links_user_idx ON accounts.oidc_links (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.oidc_links`);
  }
}
