import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the spot sequencer needs beyond the first spot tables: a cancel request that the pair's
 * sequencer carries out in its order (order/chedan), the work index it drains (accepted orders and
 * requested cancels of one book, oldest first), and 'rejected' for an order the engine refused.
 */
export class SpotSequencing1764050006000 implements MigrationInterface {
  name = 'SpotSequencing1764050006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.spot_orders ADD COLUMN cancel_requested_at timestamptz`);
    await q.query(`ALTER TABLE orders.spot_orders DROP CONSTRAINT spot_orders_cancel_reason_check`);
    await q.query(
      `ALTER TABLE orders.spot_orders ADD CONSTRAINT spot_orders_cancel_reason_check
         CHECK (cancel_reason IN ('user', 'self_trade', 'no_liquidity', 'requote', 'rejected'))`,
    );
    await q.query(
      `CREATE INDEX spot_orders_work_idx ON orders.spot_orders (symbol, book, id)
         WHERE state = 'pending' OR (cancel_requested_at IS NOT NULL AND state IN ('open', 'partial'))`,
    );
    // The market maker's resting orders of a book (re-quoting cancels them all).
    await q.query(
      `CREATE INDEX spot_orders_maker_idx ON orders.spot_orders (symbol, book)
         WHERE user_id IS NULL AND state IN ('pending', 'open', 'partial')`,
    );
    await q.query(`CREATE INDEX spot_orders_created_idx ON orders.spot_orders (created_at DESC)`);
    await q.query(`CREATE INDEX spot_trades_created_idx ON orders.spot_trades (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders.spot_trades_created_idx`);
    await q.query(`DROP INDEX orders.spot_orders_created_idx`);
    await q.query(`DROP INDEX orders.spot_orders_maker_idx`);
    await q.query(`DROP INDEX orders.spot_orders_work_idx`);
    await q.query(`ALTER TABLE orders.spot_orders DROP CONSTRAINT spot_orders_cancel_reason_check`);
    await q.query(
      `ALTER TABLE orders.spot_orders ADD CONSTRAINT spot_orders_cancel_reason_check
         CHECK (cancel_reason IN ('user', 'self_trade', 'no_liquidity', 'requote'))`,
    );
    await q.query(`ALTER TABLE orders.spot_orders DROP COLUMN cancel_requested_at`);
  }
}
