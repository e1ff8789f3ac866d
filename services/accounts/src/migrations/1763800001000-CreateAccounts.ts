import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763800001000 implements MigrationInterface {
  name = 'CreateAccounts1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS accounts`);
    await q.query(`
      CREATE TABLE accounts.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text,
        phone text,
        password_hash text NOT NULL,
        withdraw_password_hash text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'abnormal')),
        invite_code text NOT NULL,
        invited_by uuid REFERENCES accounts.users (id),
        level integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_contact_present CHECK (email IS NOT NULL OR phone IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_unique ON accounts.users (lower(username))`);
    await q.query(
      `CREATE UNIQUE INDEX users_email_unique ON accounts.users (lower(email)) WHERE email IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX users_phone_unique ON accounts.users (phone) WHERE phone IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX users_invite_code_unique ON accounts.users (invite_code)`);

    await q.query(`
      CREATE TABLE accounts.admin_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        roles text[] NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX admin_users_email_unique ON accounts.admin_users (lower(email))`);

    await q.query(`
      CREATE TABLE accounts.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('customer', 'admin')),
        subject_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip text,
        user_agent text
      )`);
    await q.query(
      `CREATE INDEX sessions_subject_idx ON accounts.sessions (kind, subject_id) WHERE revoked_at IS NULL`,
    );

    await q.query(`
      CREATE TABLE accounts.verification_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        target text NOT NULL,
        scene text NOT NULL CHECK (scene IN ('register', 'reset', 'withdrawPassword')),
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX verification_codes_target_idx ON accounts.verification_codes (target, scene, created_at DESC)`,
    );

    await q.query(`
      CREATE TABLE accounts.outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'stored' CHECK (status IN ('stored', 'sent', 'failed')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_created_idx ON accounts.outbox (created_at DESC)`);

    await q.query(`
      CREATE TABLE accounts.admin_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        admin_id uuid REFERENCES accounts.admin_users (id),
        action text NOT NULL,
        target_type text,
        target_id text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX admin_audit_created_idx ON accounts.admin_audit (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA accounts CASCADE`);
  }
}
