import { MARKET_PRICES, NOTIFICATIONS, SYSTEM_PARAMETERS, TRADING_VOLUME, VIP_LEVEL } from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { MarketPricesModule } from '@app/market';
import { TradingVolumeModule } from '@app/orders';
import { AccountsModule } from './accounts.module';

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
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
