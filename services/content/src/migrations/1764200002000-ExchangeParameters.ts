import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Parameters of the currency exchange (user/dh): its fee and how long a quote holds. */
export class ExchangeParameters1764200002000 implements MigrationInterface {
  name = 'ExchangeParameters1764200002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO content.parameters (key, value, kind, description) VALUES
         ('exchange_fee_rate', '0.2', 'decimal', 'Currency exchange fee, percent of the amount received'),
         ('exchange_quote_seconds', '15', 'integer', 'How long a currency exchange quote may be executed, seconds')
       ON CONFLICT (key) DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM content.parameters WHERE key IN ('exchange_fee_rate', 'exchange_quote_seconds')`,
    );
  }
}
