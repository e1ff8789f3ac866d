import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LedgerBatchPosting1763800000100 } from './1763800000100-LedgerBatchPosting';

/**
 * Batch posting tuned for daily settlements of 100,000s of plans:
 * - balances change on every posting while no indexed column does: with free room on each page
 *   the update stays HOT (no new index entries). Applies to pages written from now on.
 * - post_journals locks and updates the touched accounts through the primary key
 *   (`id = ANY(...)`) instead of a join the planner answered by hashing the whole table, and
 *   counts them from the same array.
 */
export class LedgerBatchTuning1763800000200 implements MigrationInterface {
  name = 'LedgerBatchTuning1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger.accounts SET (fillfactor = 80)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger.post_journals(
        p_keys text[], p_reasons text[], p_ref_types text[], p_ref_ids text[],
        p_leg_entry int[], p_debits bigint[], p_credits bigint[], p_amounts numeric[]
      ) RETURNS TABLE (entry int, journal_id bigint, replayed boolean)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_keys text[];
        v_ids bigint[];
        v_accounts bigint[];
        v_updated int;
      BEGIN
        WITH ins AS (
          INSERT INTO ledger.journal (idempotency_key, reason, ref_type, ref_id)
          SELECT u.k, u.r, u.rt, u.ri FROM unnest(p_keys, p_reasons, p_ref_types, p_ref_ids) AS u(k, r, rt, ri)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING idempotency_key, id
        )
        SELECT coalesce(array_agg(ins.idempotency_key), '{}'), coalesce(array_agg(ins.id), '{}')
          INTO v_keys, v_ids FROM ins;

        -- The touched accounts, then their row locks in id order (no deadlocks between batches).
        SELECT coalesce(array_agg(DISTINCT x.acc ORDER BY x.acc), '{}') INTO v_accounts FROM (
          SELECT unnest(ARRAY[l.d, l.c]) AS acc FROM unnest(p_leg_entry, p_debits, p_credits) AS l(e, d, c)
          JOIN unnest(v_keys) AS f(k) ON f.k = p_keys[l.e]) x;
        PERFORM 1 FROM ledger.accounts a WHERE a.id = ANY(v_accounts) ORDER BY a.id FOR NO KEY UPDATE;

        -- The net change per account in one statement; \`a.id = ANY\` keeps it on the primary key
        -- (a join alone lets the planner hash the whole accounts table for each batch).
        UPDATE ledger.accounts a
           SET balance = a.balance + n.delta, updated_at = now()
          FROM (
            SELECT acc, sum(delta) AS delta FROM (
              SELECT l.d AS acc, -l.a AS delta FROM unnest(p_leg_entry, p_debits, p_amounts) AS l(e, d, a)
                JOIN unnest(v_keys) AS f(k) ON f.k = p_keys[l.e]
              UNION ALL
              SELECT l.c, l.a FROM unnest(p_leg_entry, p_credits, p_amounts) AS l(e, c, a)
                JOIN unnest(v_keys) AS f(k) ON f.k = p_keys[l.e]
            ) m GROUP BY acc
          ) n
         WHERE a.id = n.acc AND a.id = ANY(v_accounts);
        GET DIAGNOSTICS v_updated = ROW_COUNT;
        IF v_updated <> cardinality(v_accounts) THEN
          RAISE EXCEPTION 'ledger: % of % accounts exist', v_updated, cardinality(v_accounts) USING ERRCODE = '22023';
        END IF;

        INSERT INTO ledger.transfers (journal_id, debit_account_id, credit_account_id, amount)
        SELECT f.id, l.d, l.c, l.a
          FROM unnest(p_leg_entry, p_debits, p_credits, p_amounts) AS l(e, d, c, a)
          JOIN unnest(v_keys, v_ids) AS f(k, id) ON f.k = p_keys[l.e];

        RETURN QUERY
          SELECT u.ord::int, coalesce(f.id, j.id), f.id IS NULL
            FROM unnest(p_keys) WITH ORDINALITY AS u(k, ord)
            LEFT JOIN unnest(v_keys, v_ids) AS f(k, id) ON f.k = u.k
            LEFT JOIN ledger.journal j ON f.id IS NULL AND j.idempotency_key = u.k
           ORDER BY u.ord;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger.accounts RESET (fillfactor)`);
    await q.query(`DROP FUNCTION ledger.post_journals`);
    await new LedgerBatchPosting1763800000100().up(q);
  }
}
