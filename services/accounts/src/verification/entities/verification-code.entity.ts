import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `changeContact`: a new e-mail or phone being confirmed (the code goes to the new address). */
export type CodeScene = 'register' | 'reset' | 'withdrawPassword' | 'changeContact';

@Entity({ schema: 'accounts', name: 'verification_codes' })
export class VerificationCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** A normalized e-mail (lower case) or phone (`+<digits>`). */
  @Column('text')
  target: string;

  @Column('text')
  scene: CodeScene;

  @Column('text', { name: 'code_hash' })
  codeHash: string;

  @Column('integer')
  attempts: number;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'consumed_at', nullable: true })
  consumedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
