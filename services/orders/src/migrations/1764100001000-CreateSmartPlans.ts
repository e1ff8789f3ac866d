import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSmartPlans1764100001000 implements MigrationInterface {
  name = 'CreateSmartPlans1764100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS orders`);
    await q.query(`
      CREATE TABLE orders.smart_products (
        id serial PRIMARY KEY,
        name text NOT NULL,
        currency text NOT NULL DEFAULT 'USDT',
        -- Daily yield as a fraction of the principal (0.012 = 1.2% a day).
        daily_yield numeric(12, 8) NOT NULL CHECK (daily_yield > 0 AND daily_yield < 1),
        min_amount numeric(38, 18) NOT NULL CHECK (min_amount > 0),
        max_amount numeric(38, 18) NOT NULL,
        cycles integer[] NOT NULL,
        allow_repeat boolean NOT NULL DEFAULT true,
        active boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0,
        CHECK (max_amount >= min_amount)
      )`);
    await q.query(`
      INSERT INTO orders.smart_products (name, daily_yield, min_amount, max_amount, cycles, allow_repeat, sort) VALUES
        ('Starter AI plan', 0.008, 100, 5000, '{1,3,7}', true, 1),
        ('Balanced AI plan', 0.012, 1000, 50000, '{7,15,30}', true, 2),
        ('Premium AI plan', 0.018, 10000, 500000, '{30,60,90}', false, 3)`);
    await q.query(`
      CREATE TABLE orders.smart_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        product_id integer NOT NULL REFERENCES orders.smart_products (id),
        currency text NOT NULL,
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        cycle_days integer NOT NULL CHECK (cycle_days > 0),
        daily_yield numeric(12, 8) NOT NULL,
        started_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'earning' CHECK (status IN ('earning', 'completed', 'exited')),
        days_paid integer NOT NULL DEFAULT 0,
        earned numeric(38, 18) NOT NULL DEFAULT 0,
        penalty numeric(38, 18),
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX smart_orders_user_idx ON orders.smart_orders (user_id, id DESC)`);
    await q.query(
      `CREATE INDEX smart_orders_earning_idx ON orders.smart_orders (id) WHERE status = 'earning'`,
    );
    // One payout per plan and day: the unique key makes a second payment of a day impossible.
    await q.query(`
      CREATE TABLE orders.smart_payouts (
        order_id bigint NOT NULL REFERENCES orders.smart_orders (id),
        day integer NOT NULL CHECK (day > 0),
        amount numeric(38, 18) NOT NULL,
        paid_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.smart_payouts, orders.smart_orders, orders.smart_products`);
  }
}
