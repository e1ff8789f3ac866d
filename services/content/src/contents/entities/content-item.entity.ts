import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Language } from '@app/common';

/** Footer (1 company, 2 policy, 3 other) and help-centre texts, one row per language. */
export const CONTENT_TYPES = [1, 2, 3] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_SECTIONS = ['footer', 'help'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

@Entity({ schema: 'content', name: 'items' })
export class ContentItem {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  /** The same text in every language shares a slug (e.g. `about-us`), so clients can link to it. */
  @Column('text', { nullable: true })
  slug: string | null;

  @Column('text')
  section: ContentSection;

  @Column('smallint')
  type: ContentType;

  @Column('text')
  language: Language;

  @Column('text')
  title: string;

  @Column('text')
  body: string;

  @Column('integer', { name: 'sort_order' })
  sortOrder: number;

  @Column('boolean')
  published: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
