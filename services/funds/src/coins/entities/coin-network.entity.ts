import Decimal from 'decimal.js';
import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

/** The highest confirmations count a network may ask (the API's bound and the column's check). */
export const MAX_CONFIRMATIONS = 100_000;

export type AddressKind = 'evm' | 'tron' | 'btc';

@Entity({ schema: 'funds', name: 'coin_networks' })
export class CoinNetwork {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text')
  coin: string;

  @Column('text')
  network: string;

  @Column('text', { name: 'address_kind' })
  addressKind: AddressKind;

  /** How many network confirmations a deposit waits for: 1 to MAX_CONFIRMATIONS (a count, not text). */
  @Column('integer')
  confirmations: number;

  @Column('numeric', { name: 'min_deposit', precision: 38, scale: 18, transformer: decimalTransformer })
  minDeposit: Decimal;

  @Column('numeric', { name: 'min_withdrawal', precision: 38, scale: 18, transformer: decimalTransformer })
  minWithdrawal: Decimal;

  /** Percent of the amount for this network only; null: the system parameter withdraw_fee_rate. */
  @Column('numeric', {
    name: 'withdraw_fee_rate',
    precision: 10,
    scale: 6,
    nullable: true,
    transformer: decimalTransformer,
  })
  withdrawFeeRate: Decimal | null;

  @Column('boolean', { name: 'deposit_enabled' })
  depositEnabled: boolean;

  @Column('boolean', { name: 'withdraw_enabled' })
  withdrawEnabled: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
