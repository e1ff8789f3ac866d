import type { FastifyReply } from 'fastify';
import { AppException, contentRange } from '@app/common';

/** Content-Range as ra-data-simple-rest reads it, exposed to the browser console. */
export function setContentRange(
  reply: FastifyReply,
  resource: string,
  offset: number,
  count: number,
  total: number,
): void {
  void reply.header('Content-Range', contentRange(resource, offset, count, total));
  void reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

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
