import { AccountsModule } from '@app/accounts';
import {
  MARKET_PRICES,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  TRADING_RESTRICTION,
  TRADING_VOLUME,
  VIP_LEVEL,
  WITHDRAWAL_BLOCKER,
} from '@app/common';
import { ParametersModule, LevelsModule, NotificationsModule } from '@app/content';
import type { ServiceDefinition } from '@app/database';
import { PLATFORM_MIGRATIONS } from '../../platform/src/migrations';
import { LoansModule } from '@app/loans';
import { MarketPricesModule } from '@app/market';
import { TradingVolumeModule } from '@app/orders';
import { FundsModule } from './funds.module';

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
    NotificationsModule, // NOTIFICATIONS: the bell for withdrawals, address book and security changes
  ],
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
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
