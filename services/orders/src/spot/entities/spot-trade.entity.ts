import Decimal from 'decimal.js';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';
import type { Book } from '@app/common';
import type { Side } from '../matching';

const money = { precision: 38, scale: 18, transformer: decimalTransformer } as const;

/** One match of a taker against a resting maker, settled through the ledger once (by its id). */
@Entity({ schema: 'orders', name: 'spot_trades' })
export class SpotTrade {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('text')
  symbol: string;

  @Column('text')
  book: Book;

  @Column('bigint')
  seq: string;

  @Column('bigint', { name: 'taker_order_id' })
  takerOrderId: string;

  @Column('bigint', { name: 'maker_order_id' })
  makerOrderId: string;

  @Column('text', { name: 'taker_side' })
  takerSide: Side;

  @Column('numeric', money)
  price: Decimal;

  @Column('numeric', money)
  quantity: Decimal;

  @Column('numeric', { ...money, name: 'quote_amount' })
  quoteAmount: Decimal;

  @Column('numeric', { ...money, name: 'buyer_fee' })
  buyerFee: Decimal;

  @Column('numeric', { ...money, name: 'seller_fee' })
  sellerFee: Decimal;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
