import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

@Entity({ schema: 'nfts', name: 'sales' })
export class NftSale {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('bigint', { name: 'nft_id' })
  nftId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  kind: 'buy' | 'auction';

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('text')
  currency: string;

  @Column('integer', { name: 'charity_id' })
  charityId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
