import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLoans1764300002000 implements MigrationInterface {
  name = 'CreateLoans1764300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE loans.loan_products (
        id serial PRIMARY KEY,
        term_days integer NOT NULL CHECK (term_days > 0),
        -- Interest in percent of the principal per day, after the interest-free days.
        daily_rate numeric(10, 6) NOT NULL CHECK (daily_rate >= 0),
        min_amount numeric(38, 18) NOT NULL CHECK (min_amount > 0),
        max_amount numeric(38, 18) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        UNIQUE (term_days)
      )`);
    await q.query(`
      INSERT INTO loans.loan_products (term_days, daily_rate, min_amount, max_amount) VALUES
        (7, 0.05, 100, 50000), (15, 0.05, 100, 100000), (30, 0.04, 100, 200000), (90, 0.035, 500, 500000)`);
    await q.query(`
      CREATE TABLE loans.loans (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        product_id integer NOT NULL REFERENCES loans.loan_products (id),
        currency text NOT NULL DEFAULT 'USDT',
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        term_days integer NOT NULL,
        daily_rate numeric(10, 6) NOT NULL,
        interest_free_days integer NOT NULL,
        total_interest numeric(38, 18) NOT NULL,
        due_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'repaying' CHECK (status IN ('repaying', 'repaid', 'expired')),
        repaid_amount numeric(38, 18),
        repaid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open loan per user at a time.
    await q.query(`CREATE UNIQUE INDEX loans_one_open ON loans.loans (user_id) WHERE status <> 'repaid'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE loans.loans, loans.loan_products`);
  }
}
