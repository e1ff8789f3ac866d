import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

export type BidStatus = 'active' | 'outbid' | 'released' | 'won';

@Entity({ schema: 'nfts', name: 'bids' })
export class NftBid {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('bigint', { name: 'nft_id' })
  nftId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('text')
  status: BidStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'settled_at', nullable: true })
  settledAt: Date | null;
}
