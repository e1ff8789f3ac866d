import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger. Balances change only through `ledger.post_journal`, which records an
 * idempotent journal entry, locks every touched account in id order (no deadlocks) and applies
 * the legs. User accounts can never go negative: a CHECK constraint enforces it in the database.
 */
export class CreateLedger1763800000000 implements MigrationInterface {
  name = 'CreateLedger1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS ledger`);
    await q.query(`
      CREATE TABLE ledger.accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_type text NOT NULL CHECK (owner_type IN ('user', 'system')),
        owner_id text NOT NULL,
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
        kind text NOT NULL CHECK (kind ~ '^[a-z_]{2,32}$'),
        shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0),
        balance numeric(38, 18) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT accounts_owner_unique UNIQUE (owner_type, owner_id, book, currency, kind, shard),
        CONSTRAINT accounts_user_non_negative CHECK (owner_type = 'system' OR balance >= 0),
        CONSTRAINT accounts_user_single_shard CHECK (owner_type = 'system' OR shard = 0)
      )`);
    await q.query(`
      CREATE TABLE ledger.journal (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        idempotency_key text NOT NULL,
        reason text NOT NULL,
        ref_type text,
        ref_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT journal_idempotency_key_unique UNIQUE (idempotency_key)
      )`);
    await q.query(`CREATE INDEX journal_ref_idx ON ledger.journal (ref_type, ref_id)`);
    await q.query(`
      CREATE TABLE ledger.transfers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        journal_id bigint NOT NULL REFERENCES ledger.journal (id),
        -- No foreign keys to accounts: post_journal has just updated both rows (so they exist), and
        -- a key-share lock per leg on the hot system rows would cost more than the whole posting.
        debit_account_id bigint NOT NULL,
        credit_account_id bigint NOT NULL,
        amount numeric(38, 18) NOT NULL CONSTRAINT transfers_amount_positive CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id)
      )`);
    await q.query(`CREATE INDEX transfers_journal_idx ON ledger.transfers (journal_id)`);
    await q.query(`CREATE INDEX transfers_debit_idx ON ledger.transfers (debit_account_id, id)`);
    await q.query(`CREATE INDEX transfers_credit_idx ON ledger.transfers (credit_account_id, id)`);
    await q.query(`
      CREATE FUNCTION ledger.post_journal(
        p_key text, p_reason text, p_ref_type text, p_ref_id text,
        p_debits bigint[], p_credits bigint[], p_amounts numeric[]
      ) RETURNS TABLE (journal_id bigint, replayed boolean)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_id bigint;
        v_legs int := coalesce(array_length(p_debits, 1), 0);
        v_move record;
      BEGIN
        IF v_legs = 0 OR v_legs <> coalesce(array_length(p_credits, 1), 0)
           OR v_legs <> coalesce(array_length(p_amounts, 1), 0) THEN
          RAISE EXCEPTION 'ledger: malformed journal legs' USING ERRCODE = '22023';
        END IF;

        INSERT INTO ledger.journal (idempotency_key, reason, ref_type, ref_id)
        VALUES (p_key, p_reason, p_ref_type, p_ref_id)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO v_id;
        IF v_id IS NULL THEN
          -- A repeated key: the first posting stands and nothing moves again.
          RETURN QUERY SELECT j.id, true FROM ledger.journal j WHERE j.idempotency_key = p_key;
          RETURN;
        END IF;

        -- One net change per account, applied in id order: each UPDATE locks its row, so concurrent
        -- postings always lock in the same order and cannot deadlock.
        FOR v_move IN
          SELECT id, sum(delta) AS delta FROM (
            SELECT l.d AS id, -l.amt AS delta FROM unnest(p_debits, p_amounts) AS l(d, amt)
            UNION ALL
            SELECT l.c, l.amt FROM unnest(p_credits, p_amounts) AS l(c, amt)
          ) moves GROUP BY id ORDER BY id
        LOOP
          UPDATE ledger.accounts a
             SET balance = a.balance + v_move.delta, updated_at = now()
           WHERE a.id = v_move.id;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'ledger: account % does not exist', v_move.id USING ERRCODE = '22023';
          END IF;
        END LOOP;
        -- Both sides of a leg share currency and book: LedgerService resolves the ids from refs it
        -- has checked, and invariantViolations() re-checks every stored leg.
        -- A user balance below zero fails the accounts_user_non_negative CHECK above.

        INSERT INTO ledger.transfers (journal_id, debit_account_id, credit_account_id, amount)
        SELECT v_id, l.d, l.c, l.amt FROM unnest(p_debits, p_credits, p_amounts) AS l(d, c, amt);

        RETURN QUERY SELECT v_id, false;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA ledger CASCADE`);
  }
}
