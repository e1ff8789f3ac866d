import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online support for visitors (a conversation keyed by a visitor id the browser keeps) and images
 * in messages (stored through the upload storage; a message is a text, an image or both).
 */
export class SupportVisitorsAndImages1764900004000 implements MigrationInterface {
  name = 'SupportVisitorsAndImages1764900004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE content.support_conversations ALTER COLUMN user_id DROP NOT NULL`);
    await q.query(`
      ALTER TABLE content.support_conversations
        ADD COLUMN visitor_id text UNIQUE CHECK (visitor_id ~ '^[A-Za-z0-9_-]{22,64}$'),
        ADD CONSTRAINT support_conversations_one_party CHECK ((user_id IS NULL) <> (visitor_id IS NULL))`);
    await q.query(`ALTER TABLE content.support_messages DROP CONSTRAINT support_messages_body_check`);
    await q.query(`
      ALTER TABLE content.support_messages
        ADD COLUMN image_key text,
        ADD COLUMN image_type text,
        ADD CONSTRAINT support_messages_content
          CHECK (length(body) <= 2000 AND (length(body) >= 1 OR image_key IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM content.support_messages WHERE length(body) = 0`);
    await q.query(`
      ALTER TABLE content.support_messages DROP CONSTRAINT support_messages_content,
        DROP COLUMN image_key, DROP COLUMN image_type,
        ADD CONSTRAINT support_messages_body_check CHECK (length(body) BETWEEN 1 AND 2000)`);
    await q.query(`DELETE FROM content.support_messages m USING content.support_conversations c
                    WHERE m.conversation_id = c.id AND c.visitor_id IS NOT NULL`);
    await q.query(`DELETE FROM content.support_conversations WHERE visitor_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE content.support_conversations DROP CONSTRAINT support_conversations_one_party,
        DROP COLUMN visitor_id, ALTER COLUMN user_id SET NOT NULL`);
  }
}
