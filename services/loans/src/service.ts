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
import { MarketPricesModule, MARKET_MIGRATIONS } from '@app/market';
import { NFTS_MIGRATIONS } from '@app/nfts';
import { TradingVolumeModule, ORDERS_MIGRATIONS } from '@app/orders';
import { LoansModule } from './loans.module';
import { LOANS_MIGRATIONS } from './migrations';

/**
 * The loans service as its own process (main.ts; the platform runs LoansModule with the others):
 * KYC, advanced certification, loans and their overdue sweep. The funds, orders and NFT processes
 * load LoansModule too, for the rules it stands for (WITHDRAWAL_BLOCKER, TRADING_RESTRICTION, KYC_TIER).
 */
export const LOANS_SERVICE: ServiceDefinition = {
  name: 'loans',
  modules: [
    AccountsModule, // sessions, users, the admin audit
    LoansModule,
    MarketPricesModule, // MARKET_PRICES: the real book valued in USDT for the loan cap
    ParametersModule, // SYSTEM_PARAMETERS: rates, interest-free days, upload limit
    LevelsModule, // VIP_LEVEL of user info
    TradingVolumeModule, // TRADING_VOLUME: the volume a VIP level needs
    NotificationsModule, // NOTIFICATIONS: the bell for KYC decisions and overdue loans
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
