import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One partial index per trigger of a live U order: [name, state, direction, column]. */
const TRIGGER_INDEXES = [
  ['u_orders_buy_stop_idx', 'open', 'buy', 'stop_loss'],
  ['u_orders_buy_take_idx', 'open', 'buy', 'take_profit'],
  ['u_orders_buy_liquidation_idx', 'open', 'buy', 'liquidation_price'],
  ['u_orders_sell_stop_idx', 'open', 'sell', 'stop_loss'],
  ['u_orders_sell_take_idx', 'open', 'sell', 'take_profit'],
  ['u_orders_sell_liquidation_idx', 'open', 'sell', 'liquidation_price'],
  ['u_orders_buy_limit_idx', 'waiting', 'buy', 'limit_price'],
  ['u_orders_sell_limit_idx', 'waiting', 'sell', 'limit_price'],
] as const;

/**
 * The position engine asks, for every tick, which live orders of the instrument the price
 * triggers. Through u_orders_live_idx that read every live order of the instrument (hundreds per
 * instrument at 10,000 positions) and filtered them; with an index per trigger (instrument, level)
 * each condition is one range probe that returns only the orders it triggers.
 */
export class TradingTriggerIndexes1766300001000 implements MigrationInterface {
  name = 'TradingTriggerIndexes1766300001000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name, state, direction, column] of TRIGGER_INDEXES) {
      await q.query(
        `CREATE INDEX ${name} ON orders.u_orders (code, ${column})
          WHERE state = '${state}' AND direction = '${direction}' AND ${column} IS NOT NULL`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of TRIGGER_INDEXES) await q.query(`DROP INDEX orders.${name}`);
  }
}
