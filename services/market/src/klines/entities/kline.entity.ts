import type Decimal from 'decimal.js';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { KlinePeriod } from '../kline-period';

/** One candle; written only by the upsert of KlinesService (plain SQL on the hot path). */
@Entity({ schema: 'market', name: 'klines' })
export class Kline {
  @PrimaryColumn('int', { name: 'instrument_id' })
  instrumentId: number;

  @PrimaryColumn('text')
  period: KlinePeriod;

  @PrimaryColumn('timestamptz', { name: 'open_time' })
  openTime: Date;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  open: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  high: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  low: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  close: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  volume: Decimal;
}
