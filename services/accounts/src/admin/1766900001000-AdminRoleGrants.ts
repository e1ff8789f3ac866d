import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Maker-checker on the super-admin role: while the platform has two or more active super-admins,
 * giving an account the role is a request that another super-admin (neither the one who asked nor
 * the account it is for) approves or rejects with a reason; the one who asked may withdraw it. One
 * pending request per account. The database itself refuses an approval by the requester or by the
 * account the grant is for, and a second pending request for the same account.
 */
export class AdminRoleGrants1766900001000 implements MigrationInterface {
  name = 'AdminRoleGrants1766900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.admin_role_grants (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        admin_id uuid NOT NULL REFERENCES accounts.admin_users (id),
        role text NOT NULL CHECK (role IN ('super_admin')),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
        requested_by uuid NOT NULL REFERENCES accounts.admin_users (id),
        decided_by uuid REFERENCES accounts.admin_users (id),
        decided_at timestamptz,
        decision_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admin_role_grants_not_self CHECK (admin_id <> requested_by),
        CONSTRAINT admin_role_grants_decided CHECK ((status = 'pending') = (decided_by IS NULL)),
        CONSTRAINT admin_role_grants_decided_at CHECK ((status = 'pending') = (decided_at IS NULL)),
        CONSTRAINT admin_role_grants_four_eyes
          CHECK (status NOT IN ('approved', 'rejected') OR (decided_by <> requested_by AND decided_by <> admin_id)),
        CONSTRAINT admin_role_grants_withdrawn CHECK (status <> 'withdrawn' OR decided_by = requested_by),
        CONSTRAINT admin_role_grants_reason
          CHECK (status <> 'rejected' OR length(btrim(coalesce(decision_reason, ''))) > 0)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX admin_role_grants_one_pending ON accounts.admin_role_grants (admin_id) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX admin_role_grants_status_idx ON accounts.admin_role_grants (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.admin_role_grants`);
  }
}
