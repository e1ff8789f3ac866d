import { In, type FindOptionsWhere } from 'typeorm';
import { AppException } from '@app/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How each filter field of the admin order lists is checked. */
export const FILTER_CHECKS = {
  id: (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d{1,18}$/.test(String(v)),
  userId: (v: unknown) => typeof v === 'string' && UUID.test(v),
  book: (v: unknown) => v === 'real' || v === 'demo',
  code: (v: unknown) => typeof v === 'string' && /^[A-Z0-9]{1,20}$/.test(v),
  state: (v: unknown) => typeof v === 'string' && /^[a-z_]{1,20}$/.test(v),
  active: (v: unknown) => typeof v === 'boolean',
} as const;

/**
 * A TypeORM where clause from a react-admin filter: each allowed field equals a value or, given a
 * list (getMany), one of its values; anything else is a 400.
 */
export function whereFromFilter<T>(
  filter: Record<string, unknown>,
  fields: readonly (keyof typeof FILTER_CHECKS)[],
): FindOptionsWhere<T> {
  const where: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(filter)) {
    const check = FILTER_CHECKS[field as keyof typeof FILTER_CHECKS];
    if (!check || !fields.includes(field as keyof typeof FILTER_CHECKS))
      throw AppException.field('filter', 'validation.invalid');
    const values = Array.isArray(raw) ? raw : [raw];
    if (!values.every(check)) throw AppException.field('filter', 'validation.invalid');
    where[field] = Array.isArray(raw)
      ? In(values.map((v) => (field === 'id' ? String(v) : v)))
      : field === 'id'
        ? String(raw)
        : raw;
  }
  return where as FindOptionsWhere<T>;
}
