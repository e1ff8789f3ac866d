import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import {
  CreateIdempotencyKeys1763800000500,
  KYC_TIER,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_RESTRICTION,
  TRADING_VOLUME,
  VIP_LEVEL,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule, CONTENT_MIGRATIONS } from '@app/content';
import { FUNDS_MIGRATIONS } from '@app/funds';
import type { ServiceDefinition } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LoansModule, LOANS_MIGRATIONS } from '@app/loans';
import { MarketPricesModule, MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { ORDERS_MIGRATIONS } from './migrations';
import { OrdersModule } from './orders.module';

/**
 * The orders service as its own process (main.ts; the platform runs OrdersModule with the others):
 * U orders, options, spot and plans, with the modules of other services whose contracts the trading
 * rules consult, as on the platform.
 */
export const ORDERS_SERVICE: ServiceDefinition = {
  name: 'orders',
  modules: [
    AccountsModule, // sessions, users, the admin audit
    OrdersModule, // also TRADING_VOLUME
    MarketPricesModule, // MARKET_PRICES: quotes, trading hours, settlement prices
    ParametersModule, // SYSTEM_PARAMETERS: fees, leverage caps, penalties
    LoansModule, // TRADING_RESTRICTION (an overdue loan freezes trading), KYC_TIER (leverage caps)
    LevelsModule, // VIP_LEVEL: the fee discount
    NotificationsModule, // NOTIFICATIONS: the bell for security changes
  ],
  // One database, one history: every process applies all of it (its modules read tables of other
  // services, e.g. loans checks funds.withdrawals and the VIP levels sum orders.*).
  migrations: [
    ...LEDGER_MIGRATIONS,
    CreateIdempotencyKeys1763800000500,
    ...ACCOUNTS_MIGRATIONS,
    ...FUNDS_MIGRATIONS,
    ...ORDERS_MIGRATIONS,
    ...CONTENT_MIGRATIONS,
    ...LOANS_MIGRATIONS,
    ...MARKET_MIGRATIONS,
    ...NFTS_MIGRATIONS,
  ],
  requires: [
    MARKET_PRICES,
    SYSTEM_PARAMETERS,
    TRADING_RESTRICTION,
    KYC_TIER,
    VIP_LEVEL,
    TRADING_VOLUME,
    NOTIFICATIONS,
  ],
};
