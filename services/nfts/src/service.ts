import { AccountsModule, ACCOUNTS_MIGRATIONS } from '@app/accounts';
import {
  CreateIdempotencyKeys1763800000500,
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
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { NFTS_MIGRATIONS } from './migrations';
import { NftsModule } from './nfts.module';

/**
 * The NFT service as its own process (main.ts; the platform runs NftsModule with the others), with
 * the modules of other services whose contracts its rules consult, as on the platform.
 */
export const NFTS_SERVICE: ServiceDefinition = {
  name: 'nfts',
  modules: [
    AccountsModule, // sessions, users, the admin audit
    NftsModule,
    LoansModule, // TRADING_RESTRICTION: no bids while an overdue loan freezes the account
    MarketPricesModule, // MARKET_PRICES (for LoansModule)
    ParametersModule, // SYSTEM_PARAMETERS: the invite reward rate, loan terms
    LevelsModule, // VIP_LEVEL of user info
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
    NotificationsModule, // NOTIFICATIONS: the bell for outbid and won auctions
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
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, TRADING_RESTRICTION, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
