import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ledger.leg_amount: the rule of every leg amount (positive, at most 18 decimals) for postings whose
 * legs a query computes in Postgres (LedgerService.postFromQuery), where no JS sees the amounts.
 * transfers.amount is NUMERIC(38,18) and would round a 19th decimal silently, while the balances
 * would take the amount unrounded: so a wrong amount is refused, never stored.
 */
export class LedgerLegAmount1766400000000 implements MigrationInterface {
  name = 'LedgerLegAmount1766400000000';

  async up(q: QueryRunner): Promise<void> {
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

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION ledger.leg_amount(numeric)`);
  }
}
