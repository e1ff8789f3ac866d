import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { ReviewStatus } from '../../deposits/entities/recharge.entity';

@Entity({ schema: 'funds', name: 'withdrawals' })
export class Withdrawal {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  method: 'crypto' | 'bank';

  @Column('text')
  coin: string;

  @Column('text', { nullable: true })
  network: string | null;

  @Column('text', { nullable: true })
  address: string | null;

  @Column('text', { name: 'bank_type', nullable: true })
  bankType: string | null;

  @Column('text', { name: 'bank_account', nullable: true })
  bankAccount: string | null;

  @Column('text', { name: 'holder_name', nullable: true })
  holderName: string | null;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  fee: Decimal;

  /** The review's states, then `completed` once a reviewer recorded the payout (its reference). */
  @Column('text')
  status: ReviewStatus | 'completed';

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('uuid', { name: 'reviewed_by', nullable: true })
  reviewedBy: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt: Date | null;

  /** 1, or 2 when the amount was above withdraw_dual_approval_threshold at the request (two different admins). */
  @Column('smallint', { name: 'approvals_required', default: 1 })
  approvalsRequired: number;

  /** The first of two approvals; the money stays frozen until a different admin gives the second. */
  @Column('uuid', { name: 'first_approved_by', nullable: true })
  firstApprovedBy: string | null;

  @Column('timestamptz', { name: 'first_approved_at', nullable: true })
  firstApprovedAt: Date | null;

  /** The payout's transaction hash (crypto) or the bank's transfer reference, set on completion. */
  @Column('text', { name: 'payout_reference', nullable: true })
  payoutReference: string | null;

  @Column('uuid', { name: 'completed_by', nullable: true })
  completedBy: string | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
