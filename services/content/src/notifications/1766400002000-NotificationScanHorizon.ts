import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each scan mark also keeps its snapshot's horizon (the oldest transaction still running when the
 * scan read the journal): the next scan re-reads only the journals of transactions at or after it,
 * the only ones that can have committed after the scan, instead of every journal of the window.
 */
export class NotificationScanHorizon1766400002000 implements MigrationInterface {
  name = 'NotificationScanHorizon1766400002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE content.notification_scan_marks ADD COLUMN horizon xid8`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE content.notification_scan_marks DROP COLUMN horizon`);
  }
}
