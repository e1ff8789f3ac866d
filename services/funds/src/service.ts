import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import {
  CreateIdempotencyKeys1763800000500,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_RESTRICTION,
  TRADING_VOLUME,
  VIP_LEVEL,
  WITHDRAWAL_BLOCKER,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule, CONTENT_MIGRATIONS } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { LEDGER_MIGRATIONS } from '@app/ledger';
import { LoansModule, LOANS_MIGRATIONS } from '@app/loans';
import { MarketPricesModule, MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { FundsModule } from './funds.module';
import { FUNDS_MIGRATIONS } from './migrations';

/**
 * The funds service as its own process (main.ts; the platform runs FundsModule with the others),
 * with the modules of other services whose contracts the funds rules consult, as on the platform.
 */
export const FUNDS_SERVICE: ServiceDefinition = {
  name: 'funds',
  modules: [
    AccountsModule, // sessions, users, second factor, the admin audit
    FundsModule,
    MarketPricesModule, // MARKET_PRICES: exchange rates, asset values, approval thresholds
    ParametersModule, // SYSTEM_PARAMETERS: fees, minimums, limits, the invite reward rate
    LoansModule, // WITHDRAWAL_BLOCKER (an open loan), TRADING_RESTRICTION (overdue: no exchange)
    LevelsModule, // VIP_LEVEL of user info
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
    NotificationsModule, // NOTIFICATIONS: the bell for address book and security changes
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
    WITHDRAWAL_BLOCKER,
    TRADING_RESTRICTION,
    VIP_LEVEL,
    TRADING_VOLUME,
    NOTIFICATIONS,
  ],
};
