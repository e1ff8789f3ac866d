import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

@Entity({ schema: 'nfts', name: 'charities' })
export class Charity {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column('text')
  name: string;

  @Column('text')
  description: string;

  @Column('text', { nullable: true })
  website: string | null;

  /** Everything paid for this charity's collectibles (USDT). */
  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  donated: Decimal;

  @Column('boolean')
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
