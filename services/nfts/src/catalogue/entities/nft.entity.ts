import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type NftStatus = 'listed' | 'sold' | 'ended' | 'withdrawn';

const money = (name?: string, nullable = false) =>
  ({ name, precision: 38, scale: 18, transformer: decimalTransformer, nullable }) as const;

@Entity({ schema: 'nfts', name: 'nfts' })
export class Nft {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  description: string;

  @Column('text', { name: 'image_url' })
  imageUrl: string;

  @Column('text', { name: 'contract_address' })
  contractAddress: string;

  @Column('text', { name: 'token_id' })
  tokenId: string;

  @Column('text')
  creator: string;

  @Column('text')
  chain: string;

  @Column('integer', { name: 'charity_id' })
  charityId: number;

  @Column('text')
  currency: string;

  /** Buy-now price; null when the collectible is only auctioned. */
  @Column('numeric', money(undefined, true))
  price: Decimal | null;

  @Column('numeric', money('start_bid'))
  startBid: Decimal;

  @Column('numeric', money('current_bid', true))
  currentBid: Decimal | null;

  @Column('bigint', { name: 'current_bid_id', nullable: true })
  currentBidId: string | null;

  @Column('integer', { name: 'bid_count' })
  bidCount: number;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  @Column('text')
  status: NftStatus;

  @Column('uuid', { name: 'owner_id', nullable: true })
  ownerId: string | null;

  @Column('numeric', money('sold_price', true))
  soldPrice: Decimal | null;

  @Column('timestamptz', { name: 'sold_at', nullable: true })
  soldAt: Date | null;

  /** What this collectible raised for its charity. */
  @Column('numeric', money())
  donated: Decimal;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
