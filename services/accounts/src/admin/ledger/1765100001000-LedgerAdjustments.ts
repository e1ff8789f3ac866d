import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Manual ledger adjustments under maker-checker: one super-admin asks (with a reason), a second,
 * different super-admin approves, and only then one ledger transfer is posted
 * (`admin-adjustment-<id>`, against the system account `adjustments`). The database itself refuses
 * a decision by the maker.
 */
export class LedgerAdjustments1765100001000 implements MigrationInterface {
  name = 'LedgerAdjustments1765100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.ledger_adjustments (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_type text NOT NULL CHECK (owner_type IN ('user', 'system')),
        owner_id text NOT NULL,
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
        kind text NOT NULL CHECK (kind ~ '^[a-z_]{2,32}$'),
        -- Signed, from the adjusted account's side: positive credits it, negative debits it.
        amount numeric(38, 18) NOT NULL CHECK (amount <> 0),
        reason text NOT NULL CHECK (length(btrim(reason)) > 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        created_by uuid NOT NULL REFERENCES accounts.admin_users (id),
        decided_by uuid REFERENCES accounts.admin_users (id),
        decided_at timestamptz,
        decision_reason text,
        journal_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_adjustments_four_eyes CHECK (status = 'rejected' OR decided_by IS NULL OR decided_by <> created_by),
        CONSTRAINT ledger_adjustments_decided CHECK ((status = 'pending') = (decided_by IS NULL)),
        CONSTRAINT ledger_adjustments_posted CHECK ((status = 'approved') = (journal_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX ledger_adjustments_status_idx ON accounts.ledger_adjustments (status, id)`);
    await q.query(
      `CREATE INDEX ledger_adjustments_owner_idx ON accounts.ledger_adjustments (owner_type, owner_id, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.ledger_adjustments`);
  }
}
