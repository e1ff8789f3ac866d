import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Language } from '@app/common';

@Entity({ schema: 'content', name: 'announcements' })
export class Announcement {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column('text')
  language: Language;

  @Column('text')
  title: string;

  @Column('text')
  content: string;

  /** Customers see it from this moment on (lets operators schedule a notice). */
  @Column('timestamptz', { name: 'published_at' })
  publishedAt: Date;

  @Column('boolean')
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
