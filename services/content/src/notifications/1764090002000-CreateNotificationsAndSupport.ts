import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-user notifications (the bell) and the online support conversations. */
export class CreateNotificationsAndSupport1764090002000 implements MigrationInterface {
  name = 'CreateNotificationsAndSupport1764090002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS content`);
    await q.query(`
      CREATE TABLE content.notifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        type text NOT NULL,
        -- The business effect it tells about: written twice, kept once.
        key text NOT NULL UNIQUE,
        title text NOT NULL,
        body text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        ref_type text,
        ref_id text,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notifications_user ON content.notifications (user_id, id DESC)`);
    await q.query(
      `CREATE INDEX notifications_unread ON content.notifications (user_id) WHERE read_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE content.support_conversations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- One conversation per customer; it reopens when they write again.
        user_id uuid NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        user_unread integer NOT NULL DEFAULT 0,
        agent_unread integer NOT NULL DEFAULT 0,
        last_message_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE content.support_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        conversation_id bigint NOT NULL REFERENCES content.support_conversations (id),
        sender text NOT NULL CHECK (sender IN ('user', 'agent')),
        agent_id uuid,
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
        -- The sender's id for the message: a resend after a lost acknowledgement is kept once.
        client_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((sender = 'agent') = (agent_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX support_messages_conversation ON content.support_messages (conversation_id, id DESC)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX support_messages_client ON content.support_messages (conversation_id, sender, client_id) WHERE client_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE content.support_messages, content.support_conversations, content.notifications`,
    );
  }
}
