import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

const money = { precision: 38, scale: 18, transformer: decimalTransformer } as const;

/** A coin-to-coin trading pair: base against quote, with its price step and quantity step. */
@Entity({ schema: 'orders', name: 'spot_pairs' })
export class SpotPair {
  @PrimaryColumn('text')
  symbol: string;

  @Column('text')
  base: string;

  @Column('text')
  quote: string;

  @Column('numeric', { ...money, name: 'tick_size' })
  tickSize: Decimal;

  @Column('numeric', { ...money, name: 'lot_size' })
  lotSize: Decimal;

  @Column('boolean')
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
