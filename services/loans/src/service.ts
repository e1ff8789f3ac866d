import { AccountsModule } from '@app/accounts';
import { MARKET_PRICES, NOTIFICATIONS, SYSTEM_PARAMETERS, TRADING_VOLUME, VIP_LEVEL } from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { MarketPricesModule } from '@app/market';
import { TradingVolumeModule } from '@app/orders';
import { LoansModule } from './loans.module';

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
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
