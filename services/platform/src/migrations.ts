import { ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { CONTENT_MIGRATIONS } from '@app/content';
import { FUNDS_MIGRATIONS } from '@app/funds';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LOANS_MIGRATIONS } from '@app/loans';
import { MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { ORDERS_MIGRATIONS } from '@app/orders';

/**
 * Every migration, in the order they must run (the ledger first: services post to it). One database,
 * one history: the platform and every service's own process (services/<name>/src/service.ts) apply
 * all of it, since their modules read tables of other services (loans checks funds.withdrawals, the
 * VIP levels sum orders.*).
 */
export const PLATFORM_MIGRATIONS = [
  ...LEDGER_MIGRATIONS,
  CreateIdempotencyKeys1763800000500,
  ...ACCOUNTS_MIGRATIONS,
  ...FUNDS_MIGRATIONS,
  ...ORDERS_MIGRATIONS,
  ...CONTENT_MIGRATIONS,
  ...LOANS_MIGRATIONS,
  ...MARKET_MIGRATIONS,
  ...NFTS_MIGRATIONS,
];
