import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type AdjustmentStatus = 'pending' | 'approved' | 'rejected';

/** A manual ledger adjustment awaiting (or past) its second super-admin's decision. */
@Entity({ schema: 'accounts', name: 'ledger_adjustments' })
export class LedgerAdjustment {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('text', { name: 'owner_type' })
  ownerType: 'user' | 'system';

  @Column('text', { name: 'owner_id' })
  ownerId: string;

  @Column('text')
  book: 'real' | 'demo';

  @Column('text')
  currency: string;

  @Column('text')
  kind: string;

  /** Signed from the adjusted account's side: positive credits it, negative debits it. */
  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('text')
  reason: string;

  @Column('text')
  status: AdjustmentStatus;

  @Column('uuid', { name: 'created_by' })
  createdBy: string;

  @Column('uuid', { name: 'decided_by', nullable: true })
  decidedBy: string | null;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt: Date | null;

  @Column('text', { name: 'decision_reason', nullable: true })
  decisionReason: string | null;

  @Column('bigint', { name: 'journal_id', nullable: true })
  journalId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
