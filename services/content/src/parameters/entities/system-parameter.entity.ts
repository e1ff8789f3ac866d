import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** How an admin-entered value is checked before it is stored. */
export const PARAMETER_KINDS = ['decimal', 'ratio', 'integer', 'url', 'text'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

@Entity({ schema: 'content', name: 'parameters' })
export class SystemParameter {
  @PrimaryColumn('text')
  key: string;

  @Column('text')
  value: string;

  @Column('text')
  kind: ParameterKind;

  @Column('text')
  description: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
