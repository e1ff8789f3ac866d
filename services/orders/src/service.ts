import { AccountsModule } from '@app/accounts';
import {
  KYC_TIER,
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_RESTRICTION,
  TRADING_VOLUME,
  VIP_LEVEL,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { LoansModule } from '@app/loans';
import { MarketPricesModule } from '@app/market';
import { OrdersModule } from './orders.module';

/**
 * The orders service as its own process (main.ts; the platform runs OrdersModule with the others):
 * U orders, options, spot and plans, with the modules of other services whose contracts the trading
 * rules consult, as on the platform.
 */
export const ORDERS_SERVICE: ServiceDefinition = {
  name: 'orders',
  modules: [
    AccountsModule, // sessions, users, the admin audit
    OrdersModule, // also TRADING_VOLUME
    MarketPricesModule, // MARKET_PRICES: quotes, trading hours, settlement prices
    ParametersModule, // SYSTEM_PARAMETERS: fees, leverage caps, penalties
    LoansModule, // TRADING_RESTRICTION (an overdue loan freezes trading), KYC_TIER (leverage caps)
    LevelsModule, // VIP_LEVEL: the fee discount
    NotificationsModule, // NOTIFICATIONS: the bell for security changes
  ],
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [
    MARKET_PRICES,
    SYSTEM_PARAMETERS,
    TRADING_RESTRICTION,
    KYC_TIER,
    VIP_LEVEL,
    TRADING_VOLUME,
    NOTIFICATIONS,
  ],
};
