import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Parameters of leveraged (U) orders besides their fee (fee_rate_u_order, seeded with the content):
 * the maintenance level at which a position is liquidated, and the highest leverage a user may
 * choose on the real book by verification tier.
 */
export class TradingParameters1764200003000 implements MigrationInterface {
  name = 'TradingParameters1764200003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO content.parameters (key, value, kind, description) VALUES
         ('u_order_maintenance_margin', '20', 'decimal',
          'U orders: equity left, percent of the margin, at which a position is liquidated (below 100)'),
         ('u_leverage_max', '20', 'integer', 'U orders: highest leverage on the real book without KYC'),
         ('u_leverage_max_kyc', '100', 'integer', 'U orders: highest leverage on the real book after KYC'),
         ('u_leverage_max_advanced', '500', 'integer',
          'U orders: highest leverage on the real book after advanced certification')
       ON CONFLICT (key) DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM content.parameters
        WHERE key IN ('u_order_maintenance_margin', 'u_leverage_max', 'u_leverage_max_kyc', 'u_leverage_max_advanced')`,
    );
  }
}
