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
        v_expected int;
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

        -- Lock every touched account in id order first (no deadlocks between batches), then apply
        -- the net change per account in one statement: for hundreds of accounts this is several
        -- times faster than one UPDATE per account.
        PERFORM 1 FROM ledger.accounts a
          WHERE a.id IN (
            SELECT unnest(ARRAY[l.d, l.c]) FROM unnest(p_leg_entry, p_debits, p_credits) AS l(e, d, c)
            JOIN unnest(v_keys) AS f(k) ON f.k = p_keys[l.e])
          ORDER BY a.id FOR NO KEY UPDATE;

        SELECT count(DISTINCT acc) INTO v_expected FROM (
          SELECT unnest(ARRAY[l.d, l.c]) AS acc FROM unnest(p_leg_entry, p_debits, p_credits) AS l(e, d, c)
          JOIN unnest(v_keys) AS f(k) ON f.k = p_keys[l.e]) x;

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
         WHERE a.id = n.acc;
        GET DIAGNOSTICS v_updated = ROW_COUNT;
        IF v_updated <> v_expected THEN
          RAISE EXCEPTION 'ledger: % of % accounts exist', v_updated, v_expected USING ERRCODE = '22023';
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
    await q.query(`DROP FUNCTION ledger.post_journals`);
  }
}
