import { Module } from '@nestjs/common';
import { MARKET_PRICES } from '@app/common';
import { InstrumentsModule } from '../instruments/instruments.module';
import { KlinesModule } from '../klines/klines.module';
import { MarketDataService } from './market-data.service';
import { MarketsController } from './markets.controller';
import { PriceService } from './price.service';

@Module({
  imports: [InstrumentsModule, KlinesModule],
  controllers: [MarketsController],
  providers: [MarketDataService, PriceService, { provide: MARKET_PRICES, useExisting: PriceService }],
  exports: [MarketDataService, PriceService, MARKET_PRICES],
})
export class PricesModule {}
