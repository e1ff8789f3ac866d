import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily settlement updates every earning plan (days paid, earned) without touching an indexed
 * value: free room on each page keeps those updates HOT (no new index entries).
 */
export class PlansFillfactor1764100002000 implements MigrationInterface {
  name = 'PlansFillfactor1764100002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.plans SET (fillfactor = 85)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.plans RESET (fillfactor)`);
  }
}
