import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invite programme's rewards: one row per trading fee an invitee paid (the ledger transfer into
 * the fee account), paid to the inviter in the same transaction as its ledger journal. The marks
 * remember how far the ledger was read, so that each scan reads only a short window again.
 */
export class CreateInviteRewards1764900001000 implements MigrationInterface {
  name = 'CreateInviteRewards1764900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS users_invited_by ON accounts.users (invited_by)`);
    await q.query(`
      CREATE TABLE accounts.invite_rewards (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        inviter_id uuid NOT NULL REFERENCES accounts.users (id),
        invitee_id uuid NOT NULL REFERENCES accounts.users (id),
        -- The fee's ledger transfer: a fee is rewarded once, however often it is scanned.
        source_transfer_id bigint NOT NULL UNIQUE,
        source_reason text NOT NULL,
        currency text NOT NULL,
        fee numeric(38, 18) NOT NULL CHECK (fee > 0),
        rate numeric(38, 18) NOT NULL CHECK (rate >= 0 AND rate <= 1),
        -- Zero when the share rounds below the smallest unit: recorded, nothing posted.
        amount numeric(38, 18) NOT NULL CHECK (amount >= 0),
        journal_id bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invite_rewards_inviter ON accounts.invite_rewards (inviter_id, id DESC)`);
    await q.query(`CREATE INDEX invite_rewards_invitee ON accounts.invite_rewards (invitee_id)`);
    await q.query(`
      CREATE TABLE accounts.invite_scan_marks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- The highest ledger transfer id that existed when the mark was taken.
        transfer_id bigint NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.invite_scan_marks, accounts.invite_rewards`);
    await q.query(`DROP INDEX IF EXISTS accounts.users_invited_by`);
  }
}
