import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ schema: 'accounts', name: 'admin_users' })
export class AdminUser {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  email: string;

  @Column('text', { name: 'password_hash', select: false })
  passwordHash: string;

  /** Shown in the console beside the e-mail (null: accounts created before it existed). */
  @Column('text', { name: 'display_name', nullable: true })
  displayName: string | null;

  @Column('text', { array: true })
  roles: string[];

  @Column('boolean')
  active: boolean;

  /** When and why a super-admin disabled the account (cleared when it is enabled again). */
  @Column('timestamptz', { name: 'disabled_at', nullable: true })
  disabledAt: Date | null;

  @Column('text', { name: 'disabled_reason', nullable: true })
  disabledReason: string | null;

  /** TOTP secret: pending until totpEnabledAt is set by a confirming code. */
  @Column('text', { name: 'totp_secret', nullable: true, select: false })
  totpSecret: string | null;

  @Column('timestamptz', { name: 'totp_enabled_at', nullable: true })
  totpEnabledAt: Date | null;

  /** The last accepted TOTP time step: a code is never accepted twice. */
  @Column('bigint', { name: 'totp_last_step', nullable: true, select: false })
  totpLastStep: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
