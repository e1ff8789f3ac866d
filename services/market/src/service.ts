import { AccountsModule } from '@app/accounts';
import { MARKET_PRICES, NOTIFICATIONS, SYSTEM_PARAMETERS, TRADING_VOLUME, VIP_LEVEL } from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { TradingVolumeModule } from '@app/orders';
import { MarketModule } from './market.module';

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
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
