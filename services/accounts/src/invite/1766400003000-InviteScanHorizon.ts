import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each invite scan mark also keeps its snapshot's horizon (libs/ledger scan-horizon.ts). */
export class InviteScanHorizon1766400003000 implements MigrationInterface {
  name = 'InviteScanHorizon1766400003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.invite_scan_marks ADD COLUMN horizon xid8`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.invite_scan_marks DROP COLUMN horizon`);
  }
}
