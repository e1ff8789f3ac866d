import {
  CreateIdempotencyKeys1763800000500,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_VOLUME,
  VIP_LEVEL,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule, CONTENT_MIGRATIONS } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { FUNDS_MIGRATIONS } from '@app/funds';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LOANS_MIGRATIONS } from '@app/loans';
import { MarketPricesModule, MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { AccountsModule } from './accounts.module';
import { ACCOUNTS_MIGRATIONS } from './migrations';

/**
 * The accounts service as its own process (main.ts; the platform runs AccountsModule with the
 * others): login, users, second factor, API keys, the admin accounts and audit, invite rewards.
 */
export const ACCOUNTS_SERVICE: ServiceDefinition = {
  name: 'accounts',
  modules: [
    AccountsModule,
    ParametersModule, // SYSTEM_PARAMETERS: the invite reward rate (the reward scan), code limits
    LevelsModule, // VIP_LEVEL of user info
    MarketPricesModule, // MARKET_PRICES: volumes in other currencies valued in USDT
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
    NotificationsModule, // NOTIFICATIONS: the bell for security changes
  ],
  // One database, one history: every process applies all of it (its modules read tables of other
  // services, e.g. the VIP levels sum orders.*).
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
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
