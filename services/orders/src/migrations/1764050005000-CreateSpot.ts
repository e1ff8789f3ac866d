import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coin-to-coin spot trading: the pairs (tick and lot sizes), one sequencing row per pair and book,
 * the orders and the trades. The book is the set of open orders: it is rebuilt from this table.
 */
export class CreateSpot1764050005000 implements MigrationInterface {
  name = 'CreateSpot1764050005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS orders`);
    await q.query(`
      CREATE TABLE orders.spot_pairs (
        symbol text PRIMARY KEY,
        base text NOT NULL,
        quote text NOT NULL,
        tick_size numeric(38, 18) NOT NULL CHECK (tick_size > 0),
        lot_size numeric(38, 18) NOT NULL CHECK (lot_size > 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (base, quote)
      )`);
    // The sequencer's position per pair and book: every change of the book bumps the version (under
    // this row's lock), so a process whose in-memory book is behind knows it must rebuild it.
    await q.query(`
      CREATE TABLE orders.spot_books (
        symbol text NOT NULL REFERENCES orders.spot_pairs (symbol),
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        version bigint NOT NULL DEFAULT 0,
        trade_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (symbol, book)
      )`);
    // user_id NULL is the market maker (a system account, see market-maker.ts).
    await q.query(`
      CREATE TABLE orders.spot_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid,
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        symbol text NOT NULL REFERENCES orders.spot_pairs (symbol),
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        type text NOT NULL CHECK (type IN ('limit', 'market')),
        price numeric(38, 18) CHECK (price > 0),
        quantity numeric(38, 18) CHECK (quantity > 0),
        -- Market buys spend at most this much quote currency.
        quote_amount numeric(38, 18) CHECK (quote_amount > 0),
        filled numeric(38, 18) NOT NULL DEFAULT 0 CHECK (filled >= 0),
        turnover numeric(38, 18) NOT NULL DEFAULT 0 CHECK (turnover >= 0),
        fee numeric(38, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
        -- Frozen at submission (quote for a buy, base for a sell) and what of it is still frozen.
        held numeric(38, 18) NOT NULL DEFAULT 0 CHECK (held >= 0),
        held_left numeric(38, 18) NOT NULL DEFAULT 0 CHECK (held_left >= 0),
        state text NOT NULL CHECK (state IN ('pending', 'open', 'partial', 'filled', 'cancelled')),
        cancel_reason text CHECK (cancel_reason IN ('user', 'self_trade', 'no_liquidity', 'requote')),
        -- The book version at which the order started resting: its time priority on a rebuild.
        book_seq bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        CHECK (filled <= coalesce(quantity, filled)),
        CHECK (held_left <= held),
        CHECK (type = 'market' OR (price IS NOT NULL AND quantity IS NOT NULL)),
        CHECK (quantity IS NOT NULL OR quote_amount IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX spot_orders_user_idx ON orders.spot_orders (user_id, book, id DESC) WHERE user_id IS NOT NULL`,
    );
    // The book of a pair: its resting orders (rebuild, depth) and its accepted, unsequenced ones.
    await q.query(
      `CREATE INDEX spot_orders_live_idx ON orders.spot_orders (symbol, book, side, price)
         WHERE state IN ('pending', 'open', 'partial')`,
    );
    await q.query(`
      CREATE TABLE orders.spot_trades (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        symbol text NOT NULL REFERENCES orders.spot_pairs (symbol),
        book text NOT NULL CHECK (book IN ('real', 'demo')),
        -- The engine's trade sequence of the book: one trade is recorded (and settled) once.
        seq bigint NOT NULL,
        taker_order_id bigint NOT NULL REFERENCES orders.spot_orders (id),
        maker_order_id bigint NOT NULL REFERENCES orders.spot_orders (id),
        taker_side text NOT NULL CHECK (taker_side IN ('buy', 'sell')),
        price numeric(38, 18) NOT NULL CHECK (price > 0),
        quantity numeric(38, 18) NOT NULL CHECK (quantity > 0),
        quote_amount numeric(38, 18) NOT NULL CHECK (quote_amount > 0),
        -- The buyer pays its fee in the base currency, the seller in the quote currency.
        buyer_fee numeric(38, 18) NOT NULL CHECK (buyer_fee >= 0),
        seller_fee numeric(38, 18) NOT NULL CHECK (seller_fee >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (symbol, book, seq)
      )`);
    await q.query(`CREATE INDEX spot_trades_taker_idx ON orders.spot_trades (taker_order_id)`);
    await q.query(`CREATE INDEX spot_trades_maker_idx ON orders.spot_trades (maker_order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.spot_trades`);
    await q.query(`DROP TABLE orders.spot_orders`);
    await q.query(`DROP TABLE orders.spot_books`);
    await q.query(`DROP TABLE orders.spot_pairs`);
  }
}
