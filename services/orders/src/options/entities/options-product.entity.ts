import Decimal from 'decimal.js';
import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

/** A fixed-period up/down contract: its period, its payout rate on a win, and the stake range. */
@Entity({ schema: 'orders', name: 'options_products' })
export class OptionsProduct {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text')
  name: string;

  @Column('integer', { name: 'period_seconds' })
  periodSeconds: number;

  @Column('numeric', { name: 'payout_rate', precision: 12, scale: 8, transformer: decimalTransformer })
  payoutRate: Decimal;

  @Column('text')
  currency: string;

  @Column('numeric', { name: 'min_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  minAmount: Decimal;

  @Column('numeric', { name: 'max_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  maxAmount: Decimal;

  @Column('boolean')
  active: boolean;

  @Column('integer')
  sort: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
