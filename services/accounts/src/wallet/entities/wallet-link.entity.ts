import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An Ethereum address proven by a SIWE signature, linked to one user. */
@Entity({ schema: 'accounts', name: 'wallet_links' })
export class WalletLink {
  /** Lower-case 0x address; unique. */
  @PrimaryColumn('text')
  address: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('integer', { name: 'chain_id' })
  chainId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
