import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A support message is stamped when it is written, under its conversation's lock, not when its
 * transaction began: with now() (the transaction's start), of two messages sent at once the one that
 * waited for the lock could carry the earlier time, and the conversation's last message time (read
 * from it) could go backwards.
 */
export class SupportMessageClockTime1766800001000 implements MigrationInterface {
  name = 'SupportMessageClockTime1766800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE content.support_messages ALTER COLUMN created_at SET DEFAULT clock_timestamp()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE content.support_messages ALTER COLUMN created_at SET DEFAULT now()`);
  }
}
