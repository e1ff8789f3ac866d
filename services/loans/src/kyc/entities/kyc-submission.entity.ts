import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type KycStatus = 'pending' | 'verified' | 'failed';
export type KycLevel = 'basic' | 'advanced';

export interface KycFile {
  /** The file's key in the upload storage (an absolute path in rows from before the storage existed). */
  path: string;
  type: 'jpg' | 'png' | 'jp2';
}

@Entity({ schema: 'loans', name: 'kyc_submissions' })
export class KycSubmission {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  level: KycLevel;

  @Column('text')
  status: KycStatus;

  @Column('jsonb')
  data: Record<string, string>;

  @Column('jsonb', { select: false })
  files: Record<string, KycFile>;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('uuid', { name: 'reviewed_by', nullable: true })
  reviewedBy: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
