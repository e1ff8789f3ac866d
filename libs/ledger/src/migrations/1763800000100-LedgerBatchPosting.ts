import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Many journal entries in one call (daily settlements post thousands): the same rules as
 * post_journal (idempotent keys, id-ordered row locks, no user balance below zero), one round trip.
 * `p_leg_entry[i]` is the 1-based index of the entry that leg i belongs to.
 */
export class LedgerBatchPosting1763800000100 implements MigrationInterface {
  name = 'LedgerBatchPosting1763800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger.post_journals(
        p_keys text[], p_reasons text[], p_ref_types text[], p_ref_ids text[],
        p_leg_entry int[], p_debits bigint[], p_credits bigint[], p_amounts numeric[]
      ) RETURNS TABLE (entry int, journal_id bigint, replayed boolean)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_keys text[];
        v_ids bigint[];
        v_move record;
      BEGIN
        WITH ins AS (
          INSERT INTO ledger.journal (idempotency_key, reason, ref_type, ref_id)
          SELECT u.k, u.r, u.rt, u.ri FROM unnest(p_keys, p_reasons, p_ref_types, p_ref_ids) AS u(k, r, rt, ri)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING idempotency_key, id
        )
        SELECT coalesce(array_agg(ins.idempotency_key), '{}'), coalesce(array_agg(ins.id), '{}')
          INTO v_keys, v_ids FROM ins;

        -- Net change per account over the new entries' legs, applied in id order (no deadlocks).
        FOR v_move IN
          WITH fresh AS (SELECT n.k, n.id FROM unnest(v_keys, v_ids) AS n(k, id)),
               legs AS (
                 SELECT l.d, l.c, l.a FROM unnest(p_leg_entry, p_debits, p_credits, p_amounts) AS l(e, d, c, a)
                 JOIN fresh f ON f.k = p_keys[l.e]
               )
          SELECT acc, sum(delta) AS delta FROM (
            SELECT d AS acc, -a AS delta FROM legs UNION ALL SELECT c, a FROM legs
          ) m GROUP BY acc HAVING sum(delta) <> 0 ORDER BY acc
        LOOP
          UPDATE ledger.accounts SET balance = balance + v_move.delta, updated_at = now() WHERE id = v_move.acc;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'ledger: account % does not exist', v_move.acc USING ERRCODE = '22023';
          END IF;
        END LOOP;

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
    await q.query(`DROP FUNCTION ledger.post_journals`);
  }
}
