import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'content', name: 'support_conversations' })
export class SupportConversation {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  /** The customer's id, or null for a visitor's conversation. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  /** A logged-out visitor's id (kept by their browser), or null for a customer's conversation. */
  @Column('text', { name: 'visitor_id', nullable: true })
  visitorId: string | null;

  @Column('text')
  status: 'open' | 'closed';

  /** Agent messages the customer has not read yet. */
  @Column('integer', { name: 'user_unread' })
  userUnread: number;

  /** Customer messages no agent has read yet. */
  @Column('integer', { name: 'agent_unread' })
  agentUnread: number;

  @Column('timestamptz', { name: 'last_message_at' })
  lastMessageAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity({ schema: 'content', name: 'support_messages' })
export class SupportMessage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('bigint', { name: 'conversation_id' })
  conversationId: string;

  @Column('text')
  sender: 'user' | 'agent';

  @Column('uuid', { name: 'agent_id', nullable: true })
  agentId: string | null;

  @Column('text')
  body: string;

  @Column('text', { name: 'client_id', nullable: true })
  clientId: string | null;

  /** The attached image's storage key (server-made), if any. */
  @Column('text', { name: 'image_key', nullable: true })
  imageKey: string | null;

  @Column('text', { name: 'image_type', nullable: true })
  imageType: string | null;

  // Stamped when written, under the conversation's lock (migration SupportMessageClockTime).
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt: Date;
}
