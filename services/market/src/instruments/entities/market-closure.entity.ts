import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { InstrumentType } from '../instrument-type';

/** A day a market of one instrument type does not trade, or stops early (closures.ts). */
@Entity({ schema: 'market', name: 'closures' })
export class MarketClosure {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column('smallint')
  type: InstrumentType;

  /** `2026-12-25`: a calendar date in the wall time of the instruments' trading-hours zone. */
  @Column('date')
  day: string;

  /** `13:00` local (an early close), or null: closed the whole day. */
  @Column('text', { name: 'closes_at', nullable: true })
  closesAt: string | null;

  /** What the closure is (a holiday's name), as operators read it. */
  @Column('text')
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
