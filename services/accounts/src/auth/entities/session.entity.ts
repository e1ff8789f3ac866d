import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'accounts', name: 'sessions' })
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  kind: 'customer' | 'admin';

  @Column('uuid', { name: 'subject_id' })
  subjectId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('text', { name: 'user_agent', nullable: true })
  userAgent: string | null;
}
