import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wallet login (SIWE) and TOTP two-factor authentication.
 * A wallet-created user has neither e-mail nor phone nor password: the old CHECK (e-mail or phone)
 * is dropped and "e-mail, phone or a wallet link" is enforced by the code that creates users.
 */
export class WalletLoginAndTwoFactor1763800002000 implements MigrationInterface {
  name = 'WalletLoginAndTwoFactor1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.users DROP CONSTRAINT users_contact_present`);
    await q.query(`ALTER TABLE accounts.users ALTER COLUMN password_hash DROP NOT NULL`);
    await q.query(`
      ALTER TABLE accounts.users
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint,
        ADD CONSTRAINT users_totp_enabled_has_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL)`);

    await q.query(`
      CREATE TABLE accounts.wallet_links (
        address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        chain_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT wallet_links_address_unique PRIMARY KEY (address)
      )`);
    await q.query(`CREATE INDEX wallet_links_user_idx ON accounts.wallet_links (user_id)`);

    await q.query(`
      CREATE TABLE accounts.recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX recovery_codes_user_idx ON accounts.recovery_codes (user_id) WHERE used_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.recovery_codes`);
    await q.query(`DROP TABLE accounts.wallet_links`);
    await q.query(`
      ALTER TABLE accounts.users
        DROP CONSTRAINT users_totp_enabled_has_secret,
        DROP COLUMN totp_secret,
        DROP COLUMN totp_enabled_at,
        DROP COLUMN totp_last_step`);
    // Wallet-only users cannot satisfy the old rules: the constraints come back for new rows only.
    await q.query(`
      ALTER TABLE accounts.users
        ADD CONSTRAINT users_contact_present CHECK (email IS NOT NULL OR phone IS NOT NULL) NOT VALID`);
  }
}
