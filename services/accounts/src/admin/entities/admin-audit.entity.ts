import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'accounts', name: 'admin_audit' })
export class AdminAudit {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'admin_id', nullable: true })
  adminId: string | null;

  @Column('text')
  action: string;

  @Column('text', { name: 'target_type', nullable: true })
  targetType: string | null;

  @Column('text', { name: 'target_id', nullable: true })
  targetId: string | null;

  @Column('jsonb')
  detail: Record<string, unknown>;

  @Column('text', { nullable: true })
  ip: string | null;

  /** The hash of the previous row (the chain's genesis for the first). */
  @Column('text', { name: 'prev_hash', nullable: true })
  prevHash: string | null;

  /** sha256 over prevHash and this row's canonical fields (see audit-chain.ts). */
  @Column('text', { nullable: true })
  hash: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
