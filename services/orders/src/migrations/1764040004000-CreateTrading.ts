import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leveraged contract (U) orders and fixed-period options: their orders, and the options products.
 * Every close and settlement keeps the price it used (value, time, source) on the order row.
 */
export class CreateTrading1764040004000 implements MigrationInterface {
  name = 'CreateTrading1764040004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS orders`);
    await q.query(`
      CREATE TABLE orders.u_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        instrument_id integer NOT NULL,
        code text NOT NULL,
        currency text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('buy', 'sell')),
        lots numeric(38, 18) NOT NULL CHECK (lots > 0),
        contract_size numeric(38, 18) NOT NULL CHECK (contract_size > 0),
        leverage integer NOT NULL CHECK (leverage > 0),
        state text NOT NULL CHECK (state IN ('waiting', 'open', 'closed', 'cancelled')),
        limit_price numeric(38, 18),
        open_price numeric(38, 18),
        stop_loss numeric(38, 18),
        take_profit numeric(38, 18),
        -- The close-side price at which the remaining equity reaches the maintenance level.
        liquidation_price numeric(38, 18),
        margin numeric(38, 18) NOT NULL CHECK (margin > 0),
        fee numeric(38, 18) NOT NULL CHECK (fee >= 0),
        close_price numeric(38, 18),
        close_reason text CHECK (close_reason IN ('manual', 'stop_loss', 'take_profit', 'liquidation', 'cancelled')),
        close_price_source text,
        close_price_at timestamptz,
        profit numeric(38, 18),
        opened_at timestamptz,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX u_orders_user_idx ON orders.u_orders (user_id, book, id DESC)`);
    // The position engine reads only the live orders of one instrument per tick.
    await q.query(
      `CREATE INDEX u_orders_live_idx ON orders.u_orders (code, state) WHERE state IN ('open', 'waiting')`,
    );
    await q.query(`
      CREATE TABLE orders.options_products (
        id serial PRIMARY KEY,
        name text NOT NULL,
        period_seconds integer NOT NULL CHECK (period_seconds > 0),
        -- Paid on a win on top of the stake, as a fraction of it (0.8 = 80%).
        payout_rate numeric(12, 8) NOT NULL CHECK (payout_rate > 0 AND payout_rate <= 10),
        currency text NOT NULL DEFAULT 'USDT',
        min_amount numeric(38, 18) NOT NULL CHECK (min_amount > 0),
        max_amount numeric(38, 18) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (max_amount >= min_amount)
      )`);
    await q.query(`
      INSERT INTO orders.options_products (name, period_seconds, payout_rate, min_amount, max_amount, sort) VALUES
        ('30 seconds', 30, 0.70, 10, 10000, 1),
        ('60 seconds', 60, 0.75, 10, 20000, 2),
        ('120 seconds', 120, 0.80, 50, 50000, 3),
        ('300 seconds', 300, 0.85, 100, 100000, 4)`);
    await q.query(`
      CREATE TABLE orders.options_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        product_id integer NOT NULL REFERENCES orders.options_products (id),
        instrument_id integer NOT NULL,
        code text NOT NULL,
        currency text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('up', 'down')),
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        payout_rate numeric(12, 8) NOT NULL,
        period_seconds integer NOT NULL,
        open_price numeric(38, 18) NOT NULL,
        opened_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        state text NOT NULL CHECK (state IN ('open', 'won', 'lost', 'draw')),
        settle_price numeric(38, 18),
        settle_price_source text,
        settle_price_at timestamptz,
        payout numeric(38, 18),
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX options_orders_user_idx ON orders.options_orders (user_id, book, id DESC)`);
    await q.query(
      `CREATE INDEX options_orders_due_idx ON orders.options_orders (expires_at) WHERE state = 'open'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.options_orders, orders.options_products, orders.u_orders`);
  }
}
