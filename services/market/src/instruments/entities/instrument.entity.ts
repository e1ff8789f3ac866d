import type Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { InstrumentType } from '../instrument-type';
import type { TradingHours } from '../trading-hours';

@Entity({ schema: 'market', name: 'instruments' })
export class Instrument {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column('text')
  code: string;

  @Column('smallint')
  type: InstrumentType;

  @Column('text', { name: 'app_name' })
  appName: string;

  @Column('text')
  logo: string;

  @Column('smallint', { name: 'price_precision' })
  pricePrecision: number;

  @Column('numeric', { name: 'contract_size', precision: 38, scale: 18, transformer: decimalTransformer })
  contractSize: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  spread: Decimal;

  @Column('int', { array: true })
  leverages: number[];

  @Column('jsonb', { name: 'trading_hours' })
  tradingHours: TradingHours;

  @Column('text')
  status: 'active' | 'suspended';

  @Column('numeric', { name: 'reference_price', precision: 38, scale: 18, transformer: decimalTransformer })
  referencePrice: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  volatility: Decimal;

  @Column('int', { name: 'sort_order' })
  sortOrder: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
