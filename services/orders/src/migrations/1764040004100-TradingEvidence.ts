import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price evidence of an opening (as a close already has it), and what the insurance account
 * paid when a liquidation lost more than the margin.
 */
export class TradingEvidence1764040004100 implements MigrationInterface {
  name = 'TradingEvidence1764040004100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.u_orders
        ADD COLUMN open_price_source text,
        ADD COLUMN open_price_at timestamptz,
        ADD COLUMN insurance numeric(38, 18) NOT NULL DEFAULT 0 CHECK (insurance >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.u_orders DROP COLUMN open_price_source, DROP COLUMN open_price_at, DROP COLUMN insurance`);
  }
}
