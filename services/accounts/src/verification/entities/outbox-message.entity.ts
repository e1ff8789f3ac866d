import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'accounts', name: 'outbox' })
export class OutboxMessage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('text')
  channel: 'email' | 'sms';

  @Column('text')
  recipient: string;

  @Column('text', { nullable: true })
  subject: string | null;

  @Column('text')
  body: string;

  @Column('text')
  status: 'stored' | 'sent' | 'failed';

  @Column('text', { nullable: true })
  error: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;
}
