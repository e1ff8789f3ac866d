import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fee rate (percent of the notional) a U order was placed at: a waiting limit order that fills
 * at a better price than its limit (a gap) is charged that rate on its fill's notional, and the
 * held fee, rounded up at placement, does not tell it exactly. Null on the orders placed before.
 */
export class UOrderFeeRate1766900001000 implements MigrationInterface {
  name = 'UOrderFeeRate1766900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.u_orders ADD COLUMN fee_rate numeric(38, 18) CHECK (fee_rate >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.u_orders DROP COLUMN fee_rate`);
  }
}
