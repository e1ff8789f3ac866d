import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The withdrawal address book: a user's saved crypto addresses per coin and network, with a label.
 * An entry becomes usable 24 hours after it was added (`usable_from`); `address_key` is the address
 * as it compares (lower case where the network's addresses are case-insensitive).
 */
export class WithdrawalAddressBook1766000001000 implements MigrationInterface {
  name = 'WithdrawalAddressBook1766000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE funds.withdrawal_addresses (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        coin text NOT NULL,
        network text NOT NULL,
        address text NOT NULL,
        address_key text NOT NULL,
        label text NOT NULL,
        created_at timestamptz NOT NULL,
        usable_from timestamptz NOT NULL,
        CONSTRAINT withdrawal_addresses_unique UNIQUE (user_id, coin, network, address_key)
      )`);
    await q.query(
      `CREATE INDEX withdrawal_addresses_user_idx ON funds.withdrawal_addresses (user_id, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE funds.withdrawal_addresses`);
  }
}
