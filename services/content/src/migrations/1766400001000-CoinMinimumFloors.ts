import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * deposit_min_<COIN> and withdraw_min_<COIN> are floors for every network of the coin: the funds
 * service holds users to the network's own minimum or the parameter, the higher (before, the
 * parameters were shown but nothing used them). withdraw_min_USDT was seeded at 20, above TRC20's
 * network minimum of 10, so it moves to 10 where no operator has changed it: the minimums users
 * meet stay what they were.
 */
export class CoinMinimumFloors1766400001000 implements MigrationInterface {
  name = 'CoinMinimumFloors1766400001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE content.parameters SET value = '10' WHERE key = 'withdraw_min_USDT' AND value = '20'`,
    );
    await q.query(
      `UPDATE content.parameters
          SET description = CASE WHEN key LIKE 'deposit_min_%' THEN 'Minimum deposit, ' ELSE 'Minimum withdrawal, ' END
                            || substring(key FROM '_min_(.+)$')
                            || ', on every network (a network may ask more)'
        WHERE key ~ '^(deposit|withdraw)_min_[A-Z0-9]+$'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE content.parameters SET value = '20' WHERE key = 'withdraw_min_USDT' AND value = '10'`,
    );
    await q.query(
      `UPDATE content.parameters
          SET description = CASE WHEN key LIKE 'deposit_min_%' THEN 'Minimum deposit, ' ELSE 'Minimum withdrawal, ' END
                            || substring(key FROM '_min_(.+)$')
        WHERE key ~ '^(deposit|withdraw)_min_[A-Z0-9]+$'`,
    );
  }
}
