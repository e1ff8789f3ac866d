import type { SortPayload } from 'react-admin';

/**
 * The fields each admin list sorts on, as the API allows them (`parseListQuery`'s allow-list in the
 * resource's controller), and the API's own order. A column on another field is not sortable in the
 * console (components/Datagrid.tsx), and a sort on another field (remembered from an earlier
 * version of the console) is replaced by the API's order instead of making the list fail.
 */
export const SORTABLE: Record<string, { fields: readonly string[]; fallback: SortPayload }> = {
  kyc: { fields: ['id', 'createdAt', 'status'], fallback: { field: 'id', order: 'DESC' } },
  recharges: { fields: ['id', 'createdAt', 'amount', 'status'], fallback: { field: 'id', order: 'DESC' } },
  withdrawals: { fields: ['id', 'createdAt', 'amount', 'status'], fallback: { field: 'id', order: 'DESC' } },
  users: {
    fields: ['createdAt', 'username', 'email', 'level', 'status'],
    fallback: { field: 'createdAt', order: 'DESC' },
  },
  loans: {
    fields: ['id', 'createdAt', 'dueAt', 'status', 'amount'],
    fallback: { field: 'id', order: 'DESC' },
  },
  plans: {
    fields: ['id', 'createdAt', 'endsAt', 'amount', 'status'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'u-orders': {
    fields: ['id', 'state', 'code', 'margin', 'profit', 'openedAt', 'closedAt', 'createdAt'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'options-orders': {
    fields: ['id', 'amount', 'state', 'expiresAt', 'openedAt', 'settledAt'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'spot-orders': {
    fields: ['id', 'symbol', 'state', 'createdAt', 'updatedAt', 'turnover', 'filled'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'spot-trades': {
    fields: ['id', 'symbol', 'createdAt', 'price', 'quantity'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'spot-pairs': { fields: ['symbol', 'createdAt'], fallback: { field: 'symbol', order: 'ASC' } },
  nfts: {
    fields: ['id', 'name', 'chain', 'status', 'endAt', 'price', 'currentBid', 'donated', 'createdAt'],
    fallback: { field: 'id', order: 'DESC' },
  },
  charities: {
    fields: ['id', 'name', 'donated', 'active', 'createdAt'],
    fallback: { field: 'id', order: 'ASC' },
  },
  conversations: {
    fields: ['id', 'lastMessageAt', 'agentUnread', 'status', 'createdAt'],
    fallback: { field: 'lastMessageAt', order: 'DESC' },
  },
  outbox: { fields: ['id', 'createdAt', 'recipient', 'channel'], fallback: { field: 'id', order: 'DESC' } },
  instruments: {
    fields: ['id', 'code', 'type', 'appName', 'sortOrder', 'status', 'createdAt'],
    fallback: { field: 'sortOrder', order: 'ASC' },
  },
  priceSources: {
    fields: ['id', 'code', 'type', 'status', 'source'],
    fallback: { field: 'id', order: 'ASC' },
  },
  'market-closures': {
    fields: ['id', 'day', 'type', 'name', 'createdAt'],
    fallback: { field: 'day', order: 'ASC' },
  },
  coinNetworks: { fields: ['id', 'coin', 'network'], fallback: { field: 'id', order: 'ASC' } },
  planProducts: { fields: ['id', 'name', 'sort', 'kind'], fallback: { field: 'sort', order: 'ASC' } },
  'options-products': {
    fields: ['id', 'name', 'periodSeconds', 'payoutRate', 'sort', 'updatedAt'],
    fallback: { field: 'sort', order: 'ASC' },
  },
  loanProducts: { fields: ['id', 'termDays', 'dailyRate'], fallback: { field: 'termDays', order: 'ASC' } },
  parameters: { fields: ['key', 'updatedAt'], fallback: { field: 'key', order: 'ASC' } },
  contents: {
    fields: ['id', 'type', 'language', 'section', 'sortOrder', 'title', 'updatedAt'],
    fallback: { field: 'id', order: 'ASC' },
  },
  announcements: {
    fields: ['id', 'language', 'title', 'publishedAt', 'active', 'updatedAt'],
    fallback: { field: 'publishedAt', order: 'DESC' },
  },
  levels: {
    fields: ['level', 'name', 'minDeposit', 'minVolume', 'feeDiscount', 'updatedAt'],
    fallback: { field: 'level', order: 'ASC' },
  },
  inviteRewards: {
    fields: ['id', 'createdAt', 'amount', 'currency'],
    fallback: { field: 'id', order: 'DESC' },
  },
  'ledger-accounts': {
    fields: ['id', 'balance', 'currency', 'updatedAt'],
    fallback: { field: 'id', order: 'ASC' },
  },
  'ledger-transfers': { fields: ['id', 'amount', 'createdAt'], fallback: { field: 'id', order: 'DESC' } },
  adjustments: { fields: ['id', 'createdAt', 'status', 'amount'], fallback: { field: 'id', order: 'DESC' } },
  audit: { fields: ['id', 'createdAt', 'action'], fallback: { field: 'id', order: 'DESC' } },
  admins: { fields: ['createdAt', 'email', 'displayName'], fallback: { field: 'createdAt', order: 'ASC' } },
};

/** Whether the API sorts the resource's list on the field (true for a resource not listed here). */
export const sortsOn = (resource: string | undefined, field: string | undefined): boolean => {
  const entry = resource ? SORTABLE[resource] : undefined;
  return !entry || (field !== undefined && entry.fields.includes(field));
};

/** The sort the API takes for the resource: the one asked for, or the API's own order. */
export function apiSort<T extends SortPayload | undefined>(resource: string, sort: T): T | SortPayload {
  const entry = SORTABLE[resource];
  if (!entry || !sort) return sort;
  return entry.fields.includes(sort.field) ? sort : entry.fallback;
}
