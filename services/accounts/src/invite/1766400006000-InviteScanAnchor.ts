import type { MigrationInterface, QueryRunner } from 'typeorm';
import { scanMarkAnchorColumns } from '@app/ledger';

const columns = scanMarkAnchorColumns('accounts.invite_scan_marks');

/** Each invite scan mark also keeps its snapshot's next transaction id (scan-horizon.ts). */
export class InviteScanAnchor1766400006000 implements MigrationInterface {
  name = 'InviteScanAnchor1766400006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(columns.up);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(columns.down);
  }
}
