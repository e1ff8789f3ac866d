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
 * One page of a console list: the asked sort, then the tiebreak (the id unless told) so that rows of
 * the same value keep one order from page to page, and the asked range; answers [rows, total]. The
 * tiebreak is left out when the sort is on its own field: TypeORM keys ORDER BY by column, so a
 * second one would replace the asked direction (sort=["id","DESC"] would come back ascending).
 */
export function listPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  list: ListQuery,
  tiebreak: ListQuery['sort'] = { field: 'id', order: 'ASC' },
): Promise<[T[], number]> {
  qb.orderBy(`${qb.alias}.${list.sort.field}`, list.sort.order);
  if (list.sort.field !== tiebreak.field) qb.addOrderBy(`${qb.alias}.${tiebreak.field}`, tiebreak.order);
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
