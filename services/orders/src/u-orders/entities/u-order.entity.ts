import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { Book } from '@app/common';
import type { Direction } from '../u-order-math';

export type UOrderState = 'waiting' | 'open' | 'closed' | 'cancelled';
export type UCloseReason = 'manual' | 'stop_loss' | 'take_profit' | 'liquidation' | 'cancelled';

const money = { precision: 38, scale: 18, transformer: decimalTransformer } as const;
const optionalMoney = { ...money, nullable: true } as const;

@Entity({ schema: 'orders', name: 'u_orders' })
export class UOrder {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  book: Book;

  @Column('integer', { name: 'instrument_id' })
  instrumentId: number;

  @Column('text')
  code: string;

  @Column('text')
  currency: string;

  @Column('text')
  direction: Direction;

  @Column('numeric', money)
  lots: Decimal;

  @Column('numeric', { ...money, name: 'contract_size' })
  contractSize: Decimal;

  @Column('integer')
  leverage: number;

  @Column('text')
  state: UOrderState;

  @Column('numeric', { ...optionalMoney, name: 'limit_price' })
  limitPrice: Decimal | null;

  @Column('numeric', { ...optionalMoney, name: 'open_price' })
  openPrice: Decimal | null;

  @Column('text', { name: 'open_price_source', nullable: true })
  openPriceSource: string | null;

  @Column('timestamptz', { name: 'open_price_at', nullable: true })
  openPriceAt: Date | null;

  @Column('numeric', { ...optionalMoney, name: 'stop_loss' })
  stopLoss: Decimal | null;

  @Column('numeric', { ...optionalMoney, name: 'take_profit' })
  takeProfit: Decimal | null;

  @Column('numeric', { ...optionalMoney, name: 'liquidation_price' })
  liquidationPrice: Decimal | null;

  @Column('numeric', money)
  margin: Decimal;

  @Column('numeric', money)
  fee: Decimal;

  /**
   * The fee rate (percent of the notional) the order was placed at, so that a limit filling at
   * another price pays it on the fill's notional. Null on the orders placed before it was kept.
   */
  @Column('numeric', { ...optionalMoney, name: 'fee_rate' })
  feeRate: Decimal | null;

  @Column('numeric', { ...optionalMoney, name: 'close_price' })
  closePrice: Decimal | null;

  @Column('text', { name: 'close_reason', nullable: true })
  closeReason: UCloseReason | null;

  @Column('text', { name: 'close_price_source', nullable: true })
  closePriceSource: string | null;

  @Column('timestamptz', { name: 'close_price_at', nullable: true })
  closePriceAt: Date | null;

  @Column('numeric', optionalMoney)
  profit: Decimal | null;

  /** Paid by the insurance account when a close lost more than the margin (the user never owes it). */
  @Column('numeric', money)
  insurance: Decimal;

  @Column('timestamptz', { name: 'opened_at', nullable: true })
  openedAt: Date | null;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
