import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One single-use recovery code of an admin's TOTP second factor, argon2-hashed. */
@Entity({ schema: 'accounts', name: 'admin_recovery_codes' })
export class AdminRecoveryCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'admin_id' })
  adminId: string;

  @Column('text', { name: 'code_hash' })
  codeHash: string;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
