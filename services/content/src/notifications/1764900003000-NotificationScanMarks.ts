import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How far the ledger journal has been read for notifications (each scan re-reads a short window). */
export class NotificationScanMarks1764900003000 implements MigrationInterface {
  name = 'NotificationScanMarks1764900003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content.notification_scan_marks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- The highest journal id that existed when the mark was taken.
        journal_id bigint NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content.notification_scan_marks`);
  }
}
