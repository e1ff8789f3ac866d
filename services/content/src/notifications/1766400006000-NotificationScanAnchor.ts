import type { MigrationInterface, QueryRunner } from 'typeorm';
import { scanMarkAnchorColumns } from '@app/ledger';

const columns = scanMarkAnchorColumns('content.notification_scan_marks');

/**
 * Each scan mark also keeps its snapshot's next transaction id and whether every notice of it was
 * written: the window of the next scan starts where the transactions it may not have seen began,
 * instead of ten minutes back (libs/ledger scan-horizon.ts).
 */
export class NotificationScanAnchor1766400006000 implements MigrationInterface {
  name = 'NotificationScanAnchor1766400006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(columns.up);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(columns.down);
  }
}
