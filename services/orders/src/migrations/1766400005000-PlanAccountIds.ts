import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A plan keeps the ids of the two ledger accounts its settlement pays (the user's available account
 * and the plan's principal account), written when it is bought: the daily settlement of a chunk
 * then needs no lookup of 1,000 accounts by their owner key. Ledger account ids never change.
 * Plans bought before have none, and their settlement finds the accounts by their key, as before.
 */
export class PlanAccountIds1766400005000 implements MigrationInterface {
  name = 'PlanAccountIds1766400005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE orders.plans ADD COLUMN available_account_id bigint, ADD COLUMN principal_account_id bigint`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE orders.plans DROP COLUMN available_account_id, DROP COLUMN principal_account_id`,
    );
  }
}
