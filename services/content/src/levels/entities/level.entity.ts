import Decimal from 'decimal.js';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { Language } from '@app/common';

/** A VIP level; thresholds are in USDT (NUMERIC, Decimal in code). */
@Entity({ schema: 'content', name: 'levels' })
export class Level {
  @PrimaryColumn('integer')
  level: number;

  @Column('text')
  name: string;

  @Column('numeric', { name: 'min_deposit', precision: 38, scale: 18, transformer: decimalTransformer })
  minDeposit: Decimal;

  @Column('numeric', { name: 'min_volume', precision: 38, scale: 18, transformer: decimalTransformer })
  minVolume: Decimal;

  /** Share of the trading fee waived, 0..1 (0.1 = 10% off). */
  @Column('numeric', { name: 'fee_discount', precision: 38, scale: 18, transformer: decimalTransformer })
  feeDiscount: Decimal;

  /** The benefits text by language; English is always present (the fallback). */
  @Column('jsonb')
  benefits: Partial<Record<Language, string>>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
