import { AccountsModule } from '@app/accounts';
import { MARKET_PRICES, NOTIFICATIONS, SYSTEM_PARAMETERS, TRADING_VOLUME, VIP_LEVEL } from '@app/common';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { MarketPricesModule } from '@app/market';
import { TradingVolumeModule } from '@app/orders';
import { ContentModule } from './content.module';

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
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
