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

  @Column('text', { name: 'password_hash', select: false })
  passwordHash: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
