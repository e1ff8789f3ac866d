import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import {
  CreateIdempotencyKeys1763800000500,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_VOLUME,
  VIP_LEVEL,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule, CONTENT_MIGRATIONS } from '@app/content';
import { FUNDS_MIGRATIONS } from '@app/funds';
import type { ServiceDefinition } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LOANS_MIGRATIONS } from '@app/loans';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { MarketModule } from './market.module';
import { MARKET_MIGRATIONS } from './migrations';

/**
 * The market service as its own process (main.ts; the platform runs MarketModule with the others):
 * instruments, the elected price feeder, K-lines and the /market gateway. The other modules give the
 * accounts module (sessions, users, audit) what it consults on the platform.
 */
export const MARKET_SERVICE: ServiceDefinition = {
  name: 'market',
  modules: [
    AccountsModule, // sessions, users, the admin audit of the instrument API
    MarketModule,
    ParametersModule, // SYSTEM_PARAMETERS: the invite reward rate (accounts' reward scan)
    LevelsModule, // VIP_LEVEL of user info
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
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
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
