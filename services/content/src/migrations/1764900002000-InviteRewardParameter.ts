import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The invite programme's reward rule: the inviter's share of each trading fee their invitees pay. */
export class InviteRewardParameter1764900002000 implements MigrationInterface {
  name = 'InviteRewardParameter1764900002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO content.parameters (key, value, kind, description) VALUES
         ('invite_reward_rate', '0.2', 'ratio', 'Invite reward: share of each real-book trading fee an invited user pays, credited to the inviter')
       ON CONFLICT (key) DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM content.parameters WHERE key = 'invite_reward_rate'`);
  }
}
