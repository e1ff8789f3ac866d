import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type PlanStatus = 'earning' | 'completed' | 'exited';
export type PlanKind = 'smart' | 'mining';

@Entity({ schema: 'orders', name: 'plans' })
export class Plan {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('text')
  kind: PlanKind;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('integer', { name: 'product_id' })
  productId: number;

  @Column('text')
  currency: string;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('integer', { name: 'cycle_days' })
  cycleDays: number;

  @Column('numeric', { name: 'daily_yield', precision: 12, scale: 8, transformer: decimalTransformer })
  dailyYield: Decimal;

  @Column('timestamptz', { name: 'started_at' })
  startedAt: Date;

  @Column('timestamptz', { name: 'ends_at' })
  endsAt: Date;

  @Column('text')
  status: PlanStatus;

  @Column('integer', { name: 'days_paid' })
  daysPaid: number;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  earned: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer, nullable: true })
  penalty: Decimal | null;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt: Date | null;

  /** Ledger account ids the settlement pays (null on plans bought before they were kept). */
  @Column('bigint', { name: 'available_account_id', nullable: true })
  availableAccountId: string | null;

  @Column('bigint', { name: 'principal_account_id', nullable: true })
  principalAccountId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
