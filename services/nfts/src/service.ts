import { AccountsModule } from '@app/accounts';
import {
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
import { TradingVolumeModule } from '@app/orders';
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
  migrations: PLATFORM_MIGRATIONS, // one database, one history (see there)
  requires: [MARKET_PRICES, SYSTEM_PARAMETERS, TRADING_RESTRICTION, VIP_LEVEL, TRADING_VOLUME, NOTIFICATIONS],
};
