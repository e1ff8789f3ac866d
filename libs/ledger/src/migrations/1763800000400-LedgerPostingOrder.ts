import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LedgerBatchTuning1763800000200 } from './1763800000200-LedgerBatchTuning';

/**
 * Batch posting for daily settlements of 100,000s of entries (bench/settlement), same rules and
 * signature as before (idempotent keys, id-ordered row locks, no user balance below zero):
 * - the account rows are locked and updated LAST (after the journal and transfer rows): the hot
 *   system rows are then held only for the balance update and the commit, not for the inserts,
 *   so concurrent batches overlap instead of queueing behind each other;
 * - legs find their entry by its position (a hash join on integers) instead of by its key text;
 * - the net change per account is computed once (it was aggregated twice);
 * - the result looks up a journal id by key only for a replayed entry (an index probe): it joined
 *   the whole journal table by hashing it on every call, a cost that grew with the ledger;
 * - the foreign key transfers -> journal is replaced by the same guarantee checked once per
 *   statement: a statement-level trigger looks up all new rows' journal entries in one anti-join
 *   (the foreign key ran one SPI query per transfer: about half the cost of inserting them), and
 *   the journal becomes append-only (no DELETE, no change of id), which the foreign key's lock on
 *   each referenced row was there to protect against;
 * - ledger.accounts gets fillfactor 50: a day's settlement updates every user's row once, and a
 *   page with room for a second version of each row keeps those updates HOT (no new entries in
 *   the primary key and the owner index). As with any fillfactor, it applies to pages written
 *   from now on (an existing table takes it on its next rewrite, e.g. VACUUM FULL or pg_repack).
 */
export class LedgerPostingOrder1763800000400 implements MigrationInterface {
  name = 'LedgerPostingOrder1763800000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger.accounts SET (fillfactor = 50)`);
    await q.query(`
      CREATE FUNCTION ledger.transfers_journal_exists() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF EXISTS (SELECT 1 FROM new_transfers n
                    WHERE NOT EXISTS (SELECT 1 FROM ledger.journal j WHERE j.id = n.journal_id)) THEN
          RAISE EXCEPTION 'ledger: a transfer refers to a journal entry that does not exist'
            USING ERRCODE = '23503';
        END IF;
        RETURN NULL;
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER transfers_journal_exists_ins AFTER INSERT ON ledger.transfers
        REFERENCING NEW TABLE AS new_transfers
        FOR EACH STATEMENT EXECUTE FUNCTION ledger.transfers_journal_exists()`);
    await q.query(`
      CREATE TRIGGER transfers_journal_exists_upd AFTER UPDATE ON ledger.transfers
        REFERENCING NEW TABLE AS new_transfers
        FOR EACH STATEMENT EXECUTE FUNCTION ledger.transfers_journal_exists()`);
    await q.query(`
      CREATE FUNCTION ledger.journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION 'ledger: the journal is append-only (% refused)', TG_OP USING ERRCODE = '55000';
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER journal_no_delete BEFORE DELETE OR TRUNCATE ON ledger.journal
        FOR EACH STATEMENT EXECUTE FUNCTION ledger.journal_append_only()`);
    await q.query(`
      CREATE TRIGGER journal_fixed_id BEFORE UPDATE OF id ON ledger.journal
        FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION ledger.journal_append_only()`);
    await q.query(`ALTER TABLE ledger.transfers DROP CONSTRAINT transfers_journal_id_fkey`);
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger.post_journals(
        p_keys text[], p_reasons text[], p_ref_types text[], p_ref_ids text[],
        p_leg_entry int[], p_debits bigint[], p_credits bigint[], p_amounts numeric[]
      ) RETURNS TABLE (entry int, journal_id bigint, replayed boolean)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_entries int[];
        v_ids bigint[];
        v_accounts bigint[];
        v_deltas numeric[];
        v_updated int;
      BEGIN
        -- The new entries by position (a replayed key inserts nothing and moves nothing). Legs find
        -- their entry by position through hash joins on integers: a subscript of the keys array per
        -- leg (\`p_keys[l.e]\`) walks the variable-width array from its start, quadratic in the batch.
        WITH ins AS (
          INSERT INTO ledger.journal (idempotency_key, reason, ref_type, ref_id)
          SELECT u.k, u.r, u.rt, u.ri FROM unnest(p_keys, p_reasons, p_ref_types, p_ref_ids) AS u(k, r, rt, ri)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING idempotency_key, id
        )
        SELECT coalesce(array_agg(u.ord::int ORDER BY u.ord), '{}'), coalesce(array_agg(ins.id ORDER BY u.ord), '{}')
          INTO v_entries, v_ids
          FROM ins JOIN unnest(p_keys) WITH ORDINALITY AS u(k, ord) ON u.k = ins.idempotency_key;

        -- Transfers have no foreign key to accounts: they are written before any account is locked.
        INSERT INTO ledger.transfers (journal_id, debit_account_id, credit_account_id, amount)
        SELECT f.id, l.d, l.c, l.a
          FROM unnest(p_leg_entry, p_debits, p_credits, p_amounts) AS l(e, d, c, a)
          JOIN unnest(v_entries, v_ids) AS f(e, id) ON f.e = l.e;

        -- The net change per account, in account id order.
        SELECT coalesce(array_agg(n.acc ORDER BY n.acc), '{}'), coalesce(array_agg(n.delta ORDER BY n.acc), '{}')
          INTO v_accounts, v_deltas
          FROM (
            SELECT m.acc, sum(m.delta) AS delta
              FROM unnest(p_leg_entry, p_debits, p_credits, p_amounts) AS l(e, d, c, a)
              JOIN unnest(v_entries) AS f(e) ON f.e = l.e
             CROSS JOIN LATERAL (VALUES (l.d, -l.a), (l.c, l.a)) AS m(acc, delta)
             GROUP BY m.acc
          ) n;

        IF cardinality(v_accounts) > 0 THEN
          -- Row locks in id order (no deadlocks between batches), then one UPDATE through the
          -- primary key (\`a.id = ANY\`: a join alone lets the planner hash the whole table).
          PERFORM 1 FROM ledger.accounts a WHERE a.id = ANY(v_accounts) ORDER BY a.id FOR NO KEY UPDATE;
          UPDATE ledger.accounts a
             SET balance = a.balance + n.delta, updated_at = now()
            FROM unnest(v_accounts, v_deltas) AS n(acc, delta)
           WHERE a.id = n.acc AND a.id = ANY(v_accounts);
          GET DIAGNOSTICS v_updated = ROW_COUNT;
          IF v_updated <> cardinality(v_accounts) THEN
            RAISE EXCEPTION 'ledger: % of % accounts exist', v_updated, cardinality(v_accounts) USING ERRCODE = '22023';
          END IF;
        END IF;

        -- A replayed entry returns the journal id of its first posting (one index probe each).
        RETURN QUERY
          SELECT u.ord::int,
                 CASE WHEN f.id IS NULL
                      THEN (SELECT j.id FROM ledger.journal j WHERE j.idempotency_key = u.k)
                      ELSE f.id END,
                 f.id IS NULL
            FROM unnest(p_keys) WITH ORDINALITY AS u(k, ord)
            LEFT JOIN unnest(v_entries, v_ids) AS f(e, id) ON f.e = u.ord
           ORDER BY u.ord;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger.transfers ADD CONSTRAINT transfers_journal_id_fkey
        FOREIGN KEY (journal_id) REFERENCES ledger.journal (id)`);
    await q.query(`DROP TRIGGER journal_fixed_id ON ledger.journal`);
    await q.query(`DROP TRIGGER journal_no_delete ON ledger.journal`);
    await q.query(`DROP TRIGGER transfers_journal_exists_upd ON ledger.transfers`);
    await q.query(`DROP TRIGGER transfers_journal_exists_ins ON ledger.transfers`);
    await q.query(`DROP FUNCTION ledger.journal_append_only()`);
    await q.query(`DROP FUNCTION ledger.transfers_journal_exists()`);
    // The previous version of the function, and its fillfactor (80).
    await new LedgerBatchTuning1763800000200().up(q);
  }
}
