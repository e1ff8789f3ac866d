import { Global, Module } from '@nestjs/common';
import { GatewayModule } from './gateway/gateway.module';
import { AdminInstrumentsModule } from './instruments/admin-instruments.module';
import { InstrumentsModule } from './instruments/instruments.module';
import { KlinesModule } from './klines/klines.module';
import { PriceSourcesModule } from './price-sources/price-sources.module';
import { PricesModule } from './prices/prices.module';

/**
 * Instruments, price sources (one elected feeder per Redis prefix), K-lines, the /market socket
 * gateway and the PriceService. Global so that other services inject PriceService.
 */
@Global()
@Module({
  imports: [
    InstrumentsModule,
    AdminInstrumentsModule,
    KlinesModule,
    PricesModule,
    PriceSourcesModule,
    GatewayModule,
  ],
  exports: [PricesModule, InstrumentsModule],
})
export class MarketModule {}
