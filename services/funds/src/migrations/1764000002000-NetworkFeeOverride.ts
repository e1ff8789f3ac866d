import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The withdrawal fee is the system parameter withdraw_fee_rate (DESIGN.md); a network's own rate is
 * now an optional override for chains that cost more, empty by default.
 */
export class NetworkFeeOverride1764000002000 implements MigrationInterface {
  name = 'NetworkFeeOverride1764000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE funds.coin_networks ALTER COLUMN withdraw_fee_rate DROP NOT NULL`);
    // Networks at the parameter's default (1%) follow the parameter from now on; others keep their rate.
    await q.query(`UPDATE funds.coin_networks SET withdraw_fee_rate = NULL WHERE withdraw_fee_rate = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE funds.coin_networks SET withdraw_fee_rate = 1 WHERE withdraw_fee_rate IS NULL`);
    await q.query(`ALTER TABLE funds.coin_networks ALTER COLUMN withdraw_fee_rate SET NOT NULL`);
  }
}
