import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

@Entity({ schema: 'funds', name: 'recharges' })
export class Recharge {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  coin: string;

  @Column('text')
  network: string;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  /** As the user typed it (trimmed, lower case). */
  @Column('text', { name: 'tx_hash' })
  txHash: string;

  /**
   * The transaction's one spelling (recharges.service.ts txHashKey), unique per network: a
   * transaction is claimed once. Null only on a deposit that claimed, before the key existed, a
   * transaction an earlier deposit had claimed under another spelling (migration RechargeTxHashKey).
   */
  @Column('text', { name: 'tx_hash_key', nullable: true })
  txHashKey: string | null;

  @Column('text', { nullable: true })
  last6: string | null;

  @Column('text', { name: 'voucher_path', nullable: true, select: false })
  voucherPath: string | null;

  @Column('text')
  status: ReviewStatus;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('uuid', { name: 'reviewed_by', nullable: true })
  reviewedBy: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
