import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type LoanStatus = 'repaying' | 'repaid' | 'expired';

@Entity({ schema: 'loans', name: 'loan_products' })
export class LoanProduct {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('integer', { name: 'term_days' })
  termDays: number;

  @Column('numeric', { name: 'daily_rate', precision: 10, scale: 6, transformer: decimalTransformer })
  dailyRate: Decimal;

  @Column('numeric', { name: 'min_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  minAmount: Decimal;

  @Column('numeric', { name: 'max_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  maxAmount: Decimal;

  @Column('boolean')
  active: boolean;
}

@Entity({ schema: 'loans', name: 'loans' })
export class Loan {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('integer', { name: 'product_id' })
  productId: number;

  @Column('text')
  currency: string;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('integer', { name: 'term_days' })
  termDays: number;

  @Column('numeric', { name: 'daily_rate', precision: 10, scale: 6, transformer: decimalTransformer })
  dailyRate: Decimal;

  @Column('integer', { name: 'interest_free_days' })
  interestFreeDays: number;

  @Column('numeric', { name: 'total_interest', precision: 38, scale: 18, transformer: decimalTransformer })
  totalInterest: Decimal;

  @Column('timestamptz', { name: 'due_at' })
  dueAt: Date;

  @Column('text')
  status: LoanStatus;

  @Column('numeric', {
    name: 'repaid_amount',
    precision: 38,
    scale: 18,
    transformer: decimalTransformer,
    nullable: true,
  })
  repaidAmount: Decimal | null;

  @Column('timestamptz', { name: 'repaid_at', nullable: true })
  repaidAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
