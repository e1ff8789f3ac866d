import { AppException } from '@app/common';

/** react-admin's getMany sends `filter={"id":[1,2]}`; answers the ids or undefined when absent. */
export function filterIds<T extends string | number>(
  raw: unknown,
  parse: (v: unknown) => T | undefined,
): T[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list.map(parse);
  if (ids.some((id) => id === undefined)) throw AppException.field('filter', 'validation.invalid');
  return ids as T[];
}

export function intId(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 2147483647 ? n : undefined;
}
