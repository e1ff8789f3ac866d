import { AccountsModule } from '@app/accounts';
import { ContentModule } from '@app/content';
import { FundsModule } from '@app/funds';
import { LoansModule } from '@app/loans';
import { MarketModule } from '@app/market';
import { NftsModule } from '@app/nfts';
import { OrdersModule } from '@app/orders';
export { PLATFORM_MIGRATIONS } from './migrations';
import { StatsModule } from './stats/stats.module';
import { WebModule } from './web/web.module';

/** Every service module composed into one process (the embedded default of DESIGN.md). */
export const PLATFORM_MODULES = [
  AccountsModule,
  FundsModule,
  OrdersModule,
  ContentModule,
  LoansModule,
  MarketModule,
  NftsModule,
  StatsModule,
  WebModule,
];
