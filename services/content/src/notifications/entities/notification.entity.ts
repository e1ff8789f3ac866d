import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationType } from '@app/common';

@Entity({ schema: 'content', name: 'notifications' })
export class UserNotification {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  type: NotificationType;

  @Column('text')
  key: string;

  /** i18n keys (or literal texts), translated when read. */
  @Column('text')
  title: string;

  @Column('text')
  body: string;

  @Column('jsonb')
  params: Record<string, string | number>;

  @Column('text', { name: 'ref_type', nullable: true })
  refType: string | null;

  @Column('text', { name: 'ref_id', nullable: true })
  refId: string | null;

  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
