import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { ContentModule, CONTENT_MIGRATIONS } from '@app/content';
import { FundsModule, FUNDS_MIGRATIONS } from '@app/funds';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LoansModule, LOANS_MIGRATIONS } from '@app/loans';
import { OrdersModule, ORDERS_MIGRATIONS } from '@app/orders';

/** Every service module composed into one process (the embedded default of DESIGN.md). */
export const PLATFORM_MODULES = [AccountsModule, FundsModule, OrdersModule, ContentModule, LoansModule];

/** Every migration, in the order they must run (the ledger first: services post to it). */
export const PLATFORM_MIGRATIONS = [
  ...LEDGER_MIGRATIONS,
  CreateIdempotencyKeys1763800000500,
  ...ACCOUNTS_MIGRATIONS,
  ...FUNDS_MIGRATIONS,
  ...ORDERS_MIGRATIONS,
  ...CONTENT_MIGRATIONS,
  ...LOANS_MIGRATIONS,
];
