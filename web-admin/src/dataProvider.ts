import simpleRestProvider from 'ra-data-simple-rest';
import type {
  DataProvider,
  GetListParams,
  GetManyReferenceParams,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateParams,
} from 'react-admin';
import { API_URL, call, httpClient } from './api';
import { apiSort } from './sortable';

export interface ConsoleDataProvider extends DataProvider {
  /** POST /swx/admin/<resource>/<id>/approve (deposits, withdrawals, KYC). */
  approve(resource: string, id: Identifier): Promise<unknown>;
  /** POST /swx/admin/<resource>/<id>/reject with the reason shown to the user. */
  reject(resource: string, id: Identifier, reason: string): Promise<unknown>;
  /** POST /swx/admin/<resource>/<id>/<action> with a JSON body (freeze, markRepaid, reply, close...). */
  act<T = unknown>(resource: string, id: Identifier, action: string, body?: unknown): Promise<T>;
  /**
   * The list's records from `offset` on (`limit` of them, at most API_PAGE) and how many the list
   * has: a window at any offset, not only at whole pages (the export reads overlapping windows).
   */
  getRange(resource: string, params: RangeParams): Promise<{ data: RaRecord[]; total: number }>;
}

export interface RangeParams {
  filter: Record<string, unknown>;
  sort: SortPayload;
  offset: number;
  limit: number;
  signal?: AbortSignal;
}

const simpleRest = simpleRestProvider(API_URL, httpClient);

/** Console resources whose API path is not their name. */
const API_PATHS: Record<string, string> = {
  conversations: 'support/conversations',
  'ledger-accounts': 'ledger/accounts',
  'ledger-transfers': 'ledger/transfers',
};
const apiPath = (resource: string) => API_PATHS[resource] ?? resource;

/** ra-data-simple-rest on the API path of each resource. */
const rest = Object.fromEntries(
  Object.entries(simpleRest).map(([name, method]) => [
    name,
    typeof method === 'function'
      ? (resource: string, ...args: unknown[]) =>
          (method as (r: string, ...a: unknown[]) => unknown)(apiPath(resource), ...args)
      : method,
  ]),
) as DataProvider;

/** JSON with objects' keys in order: the same object in another key order is the same value. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/**
 * Only the fields the form changed: the API validates every field it is sent and refuses the
 * read-only ones (ids, totals, timestamps) that react-admin would otherwise echo back.
 */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => canonical(value) !== canonical(previous[key])),
  );
}

const path = (resource: string, id: Identifier) => `/${apiPath(resource)}/${encodeURIComponent(String(id))}`;

/** The most records the API answers to one list request (parseListQuery's limit). */
export const API_PAGE = 500;

/**
 * A list's records, with a sort the API does not take (a list remembers its last sort) replaced by
 * the API's own order. More than the API answers at once is fetched page after page: the API caps a
 * request at 500 records. (The console's Export reads every record with getRange: exportAll.ts.)
 */
async function getList(resource: string, params: GetListParams) {
  const sort = apiSort(resource, params.sort);
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const first = (page - 1) * perPage;
  if (perPage <= API_PAGE || first % API_PAGE !== 0) return rest.getList(resource, { ...params, sort });
  const data: RaRecord[] = [];
  let total: number | undefined;
  for (let offset = first; offset < first + perPage; offset += API_PAGE) {
    const size = Math.min(API_PAGE, first + perPage - offset);
    const chunk = await rest.getList(resource, {
      ...params,
      sort,
      pagination: { page: offset / API_PAGE + 1, perPage: API_PAGE },
    });
    data.push(...chunk.data.slice(0, size));
    total = chunk.total;
    if (chunk.data.length < API_PAGE || (total !== undefined && offset + API_PAGE >= total)) break;
  }
  return { data, total };
}

async function getRange(resource: string, { filter, sort, offset, limit, signal }: RangeParams) {
  const { field, order } = apiSort(resource, sort);
  const end = offset + Math.min(limit, API_PAGE) - 1;
  const query = new URLSearchParams({
    sort: JSON.stringify([field, order]),
    range: JSON.stringify([offset, end]),
    filter: JSON.stringify(filter),
  });
  const { headers, json } = await httpClient(`${API_URL}/${apiPath(resource)}?${query.toString()}`, {
    headers: new Headers({ Accept: 'application/json', Range: `${apiPath(resource)}=${offset}-${end}` }),
    signal,
  });
  // `Content-Range: <resource> <start>-<end>/<total>`
  const total = Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1]);
  if (!Array.isArray(json) || !Number.isSafeInteger(total)) {
    throw new Error(`GET ${apiPath(resource)}: no list or no Content-Range in the answer`);
  }
  return { data: json as RaRecord[], total };
}

export const dataProvider: ConsoleDataProvider = {
  ...rest,
  getList: getList as DataProvider['getList'],
  getRange,
  getManyReference: (resource: string, params: GetManyReferenceParams) =>
    rest.getManyReference(resource, { ...params, sort: apiSort(resource, params.sort) }),
  async update<RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams) {
    const body = changedFields(params.data as Record<string, unknown>, params.previousData);
    if (Object.keys(body).length === 0) return { data: params.previousData as RecordType };
    const json = await call<RecordType>(path(resource, params.id), { method: 'PUT', body });
    return { data: { ...(params.previousData as RecordType), ...json } };
  },
  approve: (resource, id) => call(`${path(resource, id)}/approve`, { method: 'POST', body: {} }),
  reject: (resource, id, reason) =>
    call(`${path(resource, id)}/reject`, { method: 'POST', body: { reason } }),
  act: (resource, id, action, body = {}) => call(`${path(resource, id)}/${action}`, { method: 'POST', body }),
};
