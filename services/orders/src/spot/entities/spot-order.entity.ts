import Decimal from 'decimal.js';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { Book } from '@app/common';
import type { OrderType, Side } from '../matching';

export type SpotOrderState = 'pending' | 'open' | 'partial' | 'filled' | 'cancelled';
export type SpotCancelReason = 'user' | 'self_trade' | 'no_liquidity' | 'requote' | 'rejected';

const money = { precision: 38, scale: 18, transformer: decimalTransformer } as const;
const optionalMoney = { ...money, nullable: true } as const;

/** A coin order. userId null is the house's market maker. */
@Entity({ schema: 'orders', name: 'spot_orders' })
export class SpotOrder {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('text')
  book: Book;

  @Column('text')
  symbol: string;

  @Column('text')
  side: Side;

  @Column('text')
  type: OrderType;

  @Column('numeric', optionalMoney)
  price: Decimal | null;

  @Column('numeric', optionalMoney)
  quantity: Decimal | null;

  @Column('numeric', { ...optionalMoney, name: 'quote_amount' })
  quoteAmount: Decimal | null;

  @Column('numeric', money)
  filled: Decimal;

  @Column('numeric', money)
  turnover: Decimal;

  @Column('numeric', money)
  fee: Decimal;

  @Column('numeric', money)
  held: Decimal;

  @Column('numeric', { ...money, name: 'held_left' })
  heldLeft: Decimal;

  @Column('text')
  state: SpotOrderState;

  @Column('text', { name: 'cancel_reason', nullable: true })
  cancelReason: SpotCancelReason | null;

  @Column('bigint', { name: 'book_seq', nullable: true })
  bookSeq: string | null;

  @Column('timestamptz', { name: 'cancel_requested_at', nullable: true })
  cancelRequestedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt: Date | null;
}
