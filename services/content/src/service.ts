import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import {
  CreateIdempotencyKeys1763800000500,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_VOLUME,
  VIP_LEVEL,
} from '@app/common';
import { FUNDS_MIGRATIONS } from '@app/funds';
import type { ServiceDefinition } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LOANS_MIGRATIONS } from '@app/loans';
import { MarketPricesModule, MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { ContentModule } from './content.module';
import { CONTENT_MIGRATIONS } from './migrations';

/**
 * The content service as its own process (main.ts; the platform runs ContentModule with the others):
 * contents, system parameters, announcements, VIP levels, notifications and the support chat.
 */
export const CONTENT_SERVICE: ServiceDefinition = {
  name: 'content',
  modules: [
    AccountsModule, // sessions, users, the admin audit
    ContentModule, // also SYSTEM_PARAMETERS, VIP_LEVEL, NOTIFICATIONS
    MarketPricesModule, // MARKET_PRICES: volumes in other currencies valued in USDT
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
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
