import type { Identifier, RaRecord, SortPayload } from 'react-admin';
import { API_PAGE, type ConsoleDataProvider } from './dataProvider';
import { apiSort, SORTABLE } from './sortable';

/**
 * The most records one export holds. A list matching more is not exported (cut to this many, the
 * file would look complete): the operator is told to narrow the filters.
 */
export const EXPORT_MAX_ROWS = 100_000;

/** The list matches more records than an export holds (`total` as the API counted them). */
export class ExportTooLarge extends Error {
  constructor(
    readonly total: number,
    readonly max: number,
  ) {
    super(`${total} records match, more than the ${max} an export holds`);
    this.name = 'ExportTooLarge';
  }
}

/** The list changed so much while it was read that its windows could not be joined up. */
export class ExportUnstable extends Error {
  constructor() {
    super('swx.export.changing');
    this.name = 'ExportUnstable';
  }
}

/**
 * The order an export reads a list in: by id, ascending, so that a record created while the export
 * pages comes after every record already there (at the end, moving no page; newest first, each new
 * record would push the rows one place down and a row would be read twice). A resource the API does
 * not sort by id is read in its own order's field, ascending: users by creation time (the API breaks
 * ties by id), parameters by key, levels by level.
 */
export function exportSort(resource: string): SortPayload {
  const entry = SORTABLE[resource];
  if (!entry || entry.fields.includes('id')) return { field: 'id', order: 'ASC' };
  return { field: entry.fallback.field, order: 'ASC' };
}

/** An id the continuity check can compare (the API's ids are integers, bigints as strings). */
const integerId = (id: Identifier | undefined): bigint | null =>
  typeof id === 'number' && Number.isSafeInteger(id)
    ? BigInt(id)
    : typeof id === 'string' && /^\d{1,30}$/.test(id)
      ? BigInt(id)
      : null;

export interface ExportProgress {
  /** Records read so far (each once). */
  done: number;
  /** Records the list has, as the API counted them at the last page (never under `done`). */
  total: number;
}

export interface FetchAllOptions {
  filter: Record<string, unknown>;
  /** The list's sort: the file is in that order when it is on the field the export reads by. */
  listSort?: SortPayload;
  max?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Every record of a list matching its filters, read page after page as the API answers them (at
 * most API_PAGE records a request), in exportSort's order:
 * - each window starts on the last record of the one before. Read by id, the first record of a
 *   window must be at or before that record: when it is after, records before it left the list
 *   while it paged (a deposit approved out of the pending ones) and the window slid past records
 *   not read yet, so the export steps back a page and reads them; the records read twice are kept
 *   once (by id), which also covers any other overlap;
 * - more than `max` records (at the first page or as the list grows while paging): ExportTooLarge,
 *   nothing answered;
 * - a page that fails fails the whole export (no partial list).
 * The records come back in the list's order when the list is sorted on the field the export reads
 * by (the lists sorted by id, newest first, read it backwards), otherwise in the export's order.
 */
export async function fetchAllRecords(
  dataProvider: ConsoleDataProvider,
  resource: string,
  { filter, listSort, max = EXPORT_MAX_ROWS, signal, onProgress }: FetchAllOptions,
): Promise<RaRecord[]> {
  const sort = exportSort(resource);
  const byId = new Map<Identifier, RaRecord>();
  let last: RaRecord | undefined;
  // Where the window starts: the position of the last record read (the start of the list at first).
  let start = 0;
  let setbacks = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { data, total } = await dataProvider.getRange(resource, {
      filter,
      sort,
      offset: start,
      limit: API_PAGE,
      signal,
    });
    if (total > max) throw new ExportTooLarge(total, max);
    if (last !== undefined && start > 0) {
      const before = integerId(last.id);
      const first = integerId(data[0]?.id);
      const slid =
        data.length === 0 || (sort.field === 'id' && before !== null && first !== null && first > before);
      if (slid) {
        // Records before the window left the list: read again from a page earlier.
        if (++setbacks > 20) throw new ExportUnstable();
        start = Math.max(0, start - API_PAGE);
        continue;
      }
    }
    const before = byId.size;
    for (const record of data) if (!byId.has(record.id)) byId.set(record.id, record);
    if (byId.size > max) throw new ExportTooLarge(byId.size, max);
    onProgress?.({ done: byId.size, total: Math.max(total, byId.size) });
    if (data.length === 0 || start + data.length >= total) break;
    if (byId.size === before && ++setbacks > 20) throw new ExportUnstable();
    last = data[data.length - 1];
    start += data.length - 1;
  }
  const records = [...byId.values()];
  const shown = listSort ? apiSort(resource, listSort) : undefined;
  return shown?.field === sort.field && shown.order === 'DESC' ? records.reverse() : records;
}
