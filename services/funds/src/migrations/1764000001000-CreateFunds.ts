import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFunds1764000001000 implements MigrationInterface {
  name = 'CreateFunds1764000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS funds`);
    await q.query(`
      CREATE TABLE funds.coin_networks (
        id serial PRIMARY KEY,
        coin text NOT NULL CHECK (coin ~ '^[A-Z0-9]{2,12}$'),
        network text NOT NULL CHECK (network ~ '^[A-Z0-9]{2,12}$'),
        address_kind text NOT NULL CHECK (address_kind IN ('evm', 'tron', 'btc')),
        confirmations text NOT NULL,
        min_deposit numeric(38, 18) NOT NULL CHECK (min_deposit >= 0),
        min_withdrawal numeric(38, 18) NOT NULL CHECK (min_withdrawal >= 0),
        -- Percent of the amount; per network because chains cost differently (DESIGN's withdraw_fee_rate).
        withdraw_fee_rate numeric(10, 6) NOT NULL CHECK (withdraw_fee_rate >= 0 AND withdraw_fee_rate < 100),
        deposit_enabled boolean NOT NULL DEFAULT true,
        withdraw_enabled boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (coin, network)
      )`);
    await q.query(`
      INSERT INTO funds.coin_networks
        (coin, network, address_kind, confirmations, min_deposit, min_withdrawal, withdraw_fee_rate) VALUES
        ('USDT', 'ERC20', 'evm', '12 network confirmations', 120, 20, 1),
        ('USDT', 'TRC20', 'tron', '20 network confirmations', 120, 10, 1),
        ('BTC', 'BTC', 'btc', '2 network confirmations', 0.015, 0.001, 0.5),
        ('ETH', 'ERC20', 'evm', '12 network confirmations', 0.2, 0.01, 0.5)`);
    await q.query(`
      CREATE TABLE funds.deposit_addresses (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        coin text NOT NULL,
        network text NOT NULL,
        address text NOT NULL,
        derivation_index integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, coin, network)
      )`);
    // One derivation index per user and address family, handed out in order.
    await q.query(`
      CREATE TABLE funds.derivation_indexes (
        address_kind text NOT NULL,
        user_id uuid NOT NULL,
        derivation_index integer NOT NULL,
        PRIMARY KEY (address_kind, user_id),
        UNIQUE (address_kind, derivation_index)
      )`);
    await q.query(`
      CREATE TABLE funds.recharges (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        coin text NOT NULL,
        network text NOT NULL,
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        tx_hash text NOT NULL,
        last6 text,
        voucher_path text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reason text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT recharges_tx_hash_unique UNIQUE (network, tx_hash)
      )`);
    await q.query(`CREATE INDEX recharges_user_idx ON funds.recharges (user_id, id DESC)`);
    await q.query(`CREATE INDEX recharges_status_idx ON funds.recharges (status, id)`);
    await q.query(`
      CREATE TABLE funds.withdrawals (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        method text NOT NULL CHECK (method IN ('crypto', 'bank')),
        coin text NOT NULL,
        network text,
        address text,
        bank_type text,
        bank_account text,
        holder_name text,
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        fee numeric(38, 18) NOT NULL CHECK (fee >= 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reason text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX withdrawals_user_idx ON funds.withdrawals (user_id, id DESC)`);
    await q.query(`CREATE INDEX withdrawals_status_idx ON funds.withdrawals (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA funds CASCADE`);
  }
}
