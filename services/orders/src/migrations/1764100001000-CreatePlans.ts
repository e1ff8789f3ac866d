import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earning plans of both kinds: smart trading plans and staking (mining) plans. They differ in
 * their products and rules, not in how they earn: one table each for products, plans and payouts.
 */
export class CreatePlans1764100001000 implements MigrationInterface {
  name = 'CreatePlans1764100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS orders`);
    await q.query(`
      CREATE TABLE orders.plan_products (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('smart', 'mining')),
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
      INSERT INTO orders.plan_products (kind, name, currency, daily_yield, min_amount, max_amount, cycles, allow_repeat, sort) VALUES
        ('smart', 'Starter AI plan', 'USDT', 0.008, 100, 5000, '{1,3,7}', true, 1),
        ('smart', 'Balanced AI plan', 'USDT', 0.012, 1000, 50000, '{7,15,30}', true, 2),
        ('smart', 'Premium AI plan', 'USDT', 0.018, 10000, 500000, '{30,60,90}', false, 3),
        ('mining', 'USDT lock-up staking', 'USDT', 0.003, 50, 100000, '{7,14,30}', true, 1),
        ('mining', 'ETH staking pool', 'ETH', 0.0015, 0.05, 100, '{30,60}', true, 2),
        ('mining', 'BTC mining pool', 'BTC', 0.001, 0.001, 10, '{30,90,180}', true, 3)`);
    await q.query(`
      CREATE TABLE orders.plans (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('smart', 'mining')),
        user_id uuid NOT NULL,
        product_id integer NOT NULL REFERENCES orders.plan_products (id),
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
    await q.query(`CREATE INDEX plans_user_idx ON orders.plans (user_id, kind, id DESC)`);
    await q.query(`CREATE INDEX plans_earning_idx ON orders.plans (id) WHERE status = 'earning'`);
    // One payout per plan and day: the unique key makes a second payment of a day impossible.
    await q.query(`
      CREATE TABLE orders.plan_payouts (
        plan_id bigint NOT NULL REFERENCES orders.plans (id),
        day integer NOT NULL CHECK (day > 0),
        amount numeric(38, 18) NOT NULL,
        paid_at timestamptz NOT NULL,
        PRIMARY KEY (plan_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.plan_payouts, orders.plans, orders.plan_products`);
  }
}
