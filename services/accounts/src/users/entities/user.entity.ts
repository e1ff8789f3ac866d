import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type UserStatus = 'active' | 'frozen' | 'abnormal';

@Entity({ schema: 'accounts', name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  @Column('text', { nullable: true })
  email: string | null;

  /** `+<area code><number>`, digits only after the plus. */
  @Column('text', { nullable: true })
  phone: string | null;

  /** Null for a user created by wallet login: no password login until one is set. */
  @Column('text', { name: 'password_hash', nullable: true, select: false })
  passwordHash: string | null;

  @Column('text', { name: 'withdraw_password_hash', nullable: true, select: false })
  withdrawPasswordHash: string | null;

  @Column('text')
  status: UserStatus;

  @Column('text', { name: 'invite_code' })
  inviteCode: string;

  @Column('uuid', { name: 'invited_by', nullable: true })
  invitedBy: string | null;

  @Column('integer')
  level: number;

  /** Base32 TOTP secret: pending while totpEnabledAt is null, active after. */
  @Column('text', { name: 'totp_secret', nullable: true, select: false })
  totpSecret: string | null;

  @Column('timestamptz', { name: 'totp_enabled_at', nullable: true })
  totpEnabledAt: Date | null;

  /** The last TOTP time step accepted: a code is never accepted twice. */
  @Column('bigint', { name: 'totp_last_step', nullable: true, select: false })
  totpLastStep: string | null;

  /**
   * The last security change (password changed or reset, withdrawal password changed, 2FA turned
   * off, e-mail or phone changed): withdrawals are refused for 24 hours after it.
   */
  @Column('timestamptz', { name: 'security_changed_at', nullable: true })
  securityChangedAt: Date | null;

  /** An operator disabled the demo book (DemoBookGate refuses its money moves). */
  @Column('timestamptz', { name: 'demo_disabled_at', nullable: true })
  demoDisabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
