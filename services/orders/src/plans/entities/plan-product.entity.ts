import Decimal from 'decimal.js';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@app/common';
import { decimalTransformer } from '@app/database';
import type { PlanKind } from './plan.entity';

@Entity({ schema: 'orders', name: 'plan_products' })
export class PlanProduct {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text')
  kind: PlanKind;

  /** The English name, and the fallback of a language without a translation in `names`. */
  @Column('text')
  name: string;

  /** The name in other languages, by language code (the user app asks in its language). */
  @Column('jsonb', { default: {} })
  names: Partial<Record<Language, string>>;

  @Column('text')
  currency: string;

  @Column('numeric', { name: 'daily_yield', precision: 12, scale: 8, transformer: decimalTransformer })
  dailyYield: Decimal;

  @Column('numeric', { name: 'min_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  minAmount: Decimal;

  @Column('numeric', { name: 'max_amount', precision: 38, scale: 18, transformer: decimalTransformer })
  maxAmount: Decimal;

  @Column('integer', { array: true })
  cycles: number[];

  @Column('boolean', { name: 'allow_repeat' })
  allowRepeat: boolean;

  @Column('boolean')
  active: boolean;

  @Column('integer')
  sort: number;
}

/** The product's name in the language, else its English name. */
export function productName(product: Pick<PlanProduct, 'name' | 'names'>, language: Language): string {
  return product.names?.[language] ?? product.name;
}
