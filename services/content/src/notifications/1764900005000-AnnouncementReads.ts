import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each user last opened the bell: announcements published (or created) after it count as
 * unseen for the red dot, so "seen" is remembered with the account, on every device.
 */
export class AnnouncementReads1764900005000 implements MigrationInterface {
  name = 'AnnouncementReads1764900005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content.announcement_reads (
        user_id uuid PRIMARY KEY,
        seen_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content.announcement_reads`);
  }
}
