import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A saved withdrawal address of a user; usable for withdrawals from `usableFrom` (24 h after it was added). */
@Entity({ schema: 'funds', name: 'withdrawal_addresses' })
export class WithdrawalAddress {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  coin: string;

  @Column('text')
  network: string;

  @Column('text')
  address: string;

  /** The address as it compares (see addressKey). */
  @Column('text', { name: 'address_key' })
  addressKey: string;

  @Column('text')
  label: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'usable_from' })
  usableFrom: Date;
}
