import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ledger.check_posting: the rules of a posting whose legs a query computes in Postgres
 * (LedgerService.postFromQuery), checked once per statement from counts the statement takes, instead
 * of a function call per leg (ledger.leg_amount, which it replaces). Raises, so that the whole
 * statement (the caller's own rows too) rolls back:
 * - a leg that names no account (null id): 23502 on transfers, as the NOT NULL of the transfer row
 *   would (the caller finds the ids and runs the statement again);
 * - an amount that is not positive or has more than 18 decimals (transfers.amount is
 *   NUMERIC(38,18) and would round a 19th decimal silently, while the balances would not);
 * - a leg whose two accounts differ in book or currency, an account id that does not exist, a leg
 *   without its journal entry, or an entry without legs.
 */
export class LedgerPostingChecks1766400004000 implements MigrationInterface {
  name = 'LedgerPostingChecks1766400004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger.check_posting(
        p_entries bigint, p_entries_with_legs bigint, p_legs_without_entry bigint,
        p_debits_missing bigint, p_credits_missing bigint, p_bad_amounts bigint,
        p_accounts bigint, p_accounts_found bigint, p_mixed bigint
      ) RETURNS boolean
      LANGUAGE plpgsql AS $fn$
      BEGIN
        IF p_debits_missing > 0 OR p_credits_missing > 0 THEN
          RAISE EXCEPTION 'ledger: % legs name no account', p_debits_missing + p_credits_missing
            USING ERRCODE = '23502', TABLE = 'transfers',
                  COLUMN = CASE WHEN p_debits_missing > 0 THEN 'debit_account_id' ELSE 'credit_account_id' END;
        END IF;
        IF p_bad_amounts > 0 THEN
          RAISE EXCEPTION 'ledger: leg amount must be positive with at most 18 decimals (% legs)', p_bad_amounts
            USING ERRCODE = '22023';
        END IF;
        IF p_legs_without_entry > 0 THEN
          RAISE EXCEPTION 'ledger: % legs have no journal entry', p_legs_without_entry USING ERRCODE = '22023';
        END IF;
        IF p_entries_with_legs <> p_entries THEN
          RAISE EXCEPTION 'ledger: a journal entry needs at least one leg (% of % have legs)',
            p_entries_with_legs, p_entries USING ERRCODE = '22023';
        END IF;
        IF p_accounts_found <> p_accounts THEN
          RAISE EXCEPTION 'ledger: % of % accounts exist', p_accounts_found, p_accounts USING ERRCODE = '22023';
        END IF;
        IF p_mixed > 0 THEN
          RAISE EXCEPTION 'ledger: both sides of a leg must share currency and book (% legs)', p_mixed
            USING ERRCODE = '22023';
        END IF;
        RETURN true;
      END
      $fn$`);
    await q.query(`DROP FUNCTION ledger.leg_amount(numeric)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION ledger.check_posting`);
    // As LedgerLegAmount1766400000000 created it.
    await q.query(`
      CREATE FUNCTION ledger.leg_amount(a numeric) RETURNS numeric
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
      BEGIN
        IF a IS NULL OR a <= 0 OR scale(a) > 18 THEN
          RAISE EXCEPTION 'ledger: leg amount must be positive with at most 18 decimals: %', a
            USING ERRCODE = '22023';
        END IF;
        RETURN a;
      END
      $fn$`);
  }
}
