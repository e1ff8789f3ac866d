import { AppException } from '../errors';

export interface ListQuery {
  offset: number;
  limit: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  filter: Record<string, unknown>;
}

function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw AppException.field(field, 'validation.invalid');
  }
}

/**
 * The ra-data-simple-rest dialect of the admin API: `range=[0,24]`, `sort=["id","DESC"]`,
 * `filter={"q":"x"}`. Sort fields are checked against an allow-list.
 */
export function parseListQuery(
  query: Record<string, string | undefined>,
  sortable: readonly string[],
  defaultSort: ListQuery['sort'],
  maxLimit = 500,
): ListQuery {
  const range = parseJson(query.range, 'range');
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0]
    ) {
      throw AppException.field('range', 'validation.invalid');
    }
    offset = range[0] as number;
    limit = Math.min((range[1] as number) - offset + 1, maxLimit);
  }
  const sortRaw = parseJson(query.sort, 'sort');
  let sort = defaultSort;
  if (sortRaw !== undefined) {
    if (
      !Array.isArray(sortRaw) ||
      typeof sortRaw[0] !== 'string' ||
      !sortable.includes(sortRaw[0]) ||
      !['ASC', 'DESC'].includes(String(sortRaw[1]).toUpperCase())
    ) {
      throw AppException.field('sort', 'validation.invalid');
    }
    sort = { field: sortRaw[0], order: String(sortRaw[1]).toUpperCase() as 'ASC' | 'DESC' };
  }
  const filterRaw = parseJson(query.filter, 'filter');
  if (
    filterRaw !== undefined &&
    (filterRaw === null || typeof filterRaw !== 'object' || Array.isArray(filterRaw))
  ) {
    throw AppException.field('filter', 'validation.invalid');
  }
  return { offset, limit, sort, filter: (filterRaw as Record<string, unknown>) ?? {} };
}

/** `Content-Range: <resource> <start>-<end>/<total>` as ra-data-simple-rest reads it. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  const end = count === 0 ? offset : offset + count - 1;
  return `${resource} ${offset}-${end}/${total}`;
}
