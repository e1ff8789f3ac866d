import Decimal from 'decimal.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '@app/database';

/** An inviter's share of one trading fee their invitee paid (NUMERIC, Decimal in code). */
@Entity({ schema: 'accounts', name: 'invite_rewards' })
export class InviteReward {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column('uuid', { name: 'inviter_id' })
  inviterId: string;

  @Column('uuid', { name: 'invitee_id' })
  inviteeId: string;

  @Column('bigint', { name: 'source_transfer_id' })
  sourceTransferId: string;

  @Column('text', { name: 'source_reason' })
  sourceReason: string;

  @Column('text')
  currency: string;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  fee: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  rate: Decimal;

  @Column('numeric', { precision: 38, scale: 18, transformer: decimalTransformer })
  amount: Decimal;

  @Column('bigint', { name: 'journal_id', nullable: true })
  journalId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
