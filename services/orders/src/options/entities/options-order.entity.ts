import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Book } from '@app/common';
import { decimalTransformer } from '@app/database';

export type OptionsDirection = 'up' | 'down';
export type OptionsState = 'open' | 'won' | 'lost' | 'draw';

const money = { precision: 38, scale: 18, transformer: decimalTransformer } as const;

@Entity({ schema: 'orders', name: 'options_orders' })
export class OptionsOrder {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  book: Book;

  @Column('integer', { name: 'product_id' })
  productId: number;

  @Column('integer', { name: 'instrument_id' })
  instrumentId: number;

  @Column('text')
  code: string;

  @Column('text')
  currency: string;

  @Column('text')
  direction: OptionsDirection;

  @Column('numeric', money)
  amount: Decimal;

  @Column('numeric', { name: 'payout_rate', precision: 12, scale: 8, transformer: decimalTransformer })
  payoutRate: Decimal;

  @Column('integer', { name: 'period_seconds' })
  periodSeconds: number;

  @Column('numeric', { ...money, name: 'open_price' })
  openPrice: Decimal;

  @Column('timestamptz', { name: 'opened_at' })
  openedAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('text')
  state: OptionsState;

  @Column('numeric', { ...money, name: 'settle_price', nullable: true })
  settlePrice: Decimal | null;

  @Column('text', { name: 'settle_price_source', nullable: true })
  settlePriceSource: string | null;

  @Column('timestamptz', { name: 'settle_price_at', nullable: true })
  settlePriceAt: Date | null;

  @Column('numeric', { ...money, nullable: true })
  payout: Decimal | null;

  @Column('timestamptz', { name: 'settled_at', nullable: true })
  settledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
