import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import { CreateIdempotencyKeys1763800000500 } from '@app/common';
import { ContentModule, CONTENT_MIGRATIONS } from '@app/content';
import { FundsModule, FUNDS_MIGRATIONS } from '@app/funds';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LoansModule, LOANS_MIGRATIONS } from '@app/loans';
import { MarketModule, MARKET_MIGRATIONS } from '@app/market';
import { NftsModule, NFTS_MIGRATIONS } from '@app/nfts';
import { OrdersModule, ORDERS_MIGRATIONS } from '@app/orders';
import { StatsModule } from './stats/stats.module';
import { WebModule } from './web/web.module';

/** Every service module composed into one process (the embedded default of DESIGN.md). */
export const PLATFORM_MODULES = [
  AccountsModule,
  FundsModule,
  OrdersModule,
  ContentModule,
  LoansModule,
  MarketModule,
  NftsModule,
  StatsModule,
  WebModule,
];

/** Every migration, in the order they must run (the ledger first: services post to it). */
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
