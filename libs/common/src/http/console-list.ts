import type { Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { contentRange, type ListQuery } from '../paging/list-query';

/*
 * The plumbing of the console's (react-admin, ra-data-simple-rest) list and edit routes that does not
 * depend on the resource: the page of a list, its Content-Range, and the body of an edit.
 */

/**
 * The ORDER BY of a console list, column by column: the asked sort, then each tiebreak (the id unless
 * told) whose column is not already in it. TypeORM keys ORDER BY by column (an object of find options
 * as much as a QueryBuilder's orderBy/addOrderBy), so a tiebreak on the asked column would replace
 * the asked direction: sort=["id","DESC"] would come back ascending.
 */
export function listOrder(
  list: ListQuery,
  tiebreak: ListQuery['sort'] | readonly ListQuery['sort'][] = { field: 'id', order: 'ASC' },
): Record<string, 'ASC' | 'DESC'> {
  const order: Record<string, 'ASC' | 'DESC'> = { [list.sort.field]: list.sort.order };
  for (const next of Array.isArray(tiebreak) ? tiebreak : [tiebreak]) order[next.field] ??= next.order;
  return order;
}

/**
 * One page of a console list: the asked sort, then the tiebreak (the id unless told; several columns
 * in turn when given a list) so that rows of the same value keep one order from page to page, and
 * the asked range; answers [rows, total]. A tiebreak on the asked column is left out (listOrder).
 */
export function listPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  list: ListQuery,
  tiebreak?: ListQuery['sort'] | readonly ListQuery['sort'][],
): Promise<[T[], number]> {
  qb.orderBy();
  for (const [field, order] of Object.entries(listOrder(list, tiebreak)))
    qb.addOrderBy(`${qb.alias}.${field}`, order);
  return qb.skip(list.offset).take(list.limit).getManyAndCount();
}

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

/**
 * The body of a console edit: every field of the create body, optional, and the `id` react-admin
 * sends back with the whole record (accepted and ignored rather than refused as unknown).
 */
export function ConsoleEditType<T extends object>(create: Type<T>): Type<Partial<T> & { id?: unknown }> {
  const Base: Type<object> = PartialType(create);
  class ConsoleEdit extends Base {
    @Allow()
    id?: unknown;
  }
  return ConsoleEdit as Type<Partial<T> & { id?: unknown }>;
}
