import { Module } from '@nestjs/common';
import { InstrumentsModule } from '../instruments/instruments.module';
import { KlinesModule } from '../klines/klines.module';
import { PricesModule } from '../prices/prices.module';
import { AdminPriceSourcesController } from './admin-price-sources.controller';
import { FeedService } from './feed.service';
import { HistorySeederService } from './history-seeder.service';

@Module({
  imports: [InstrumentsModule, KlinesModule, PricesModule],
  controllers: [AdminPriceSourcesController],
  providers: [HistorySeederService, FeedService],
  exports: [FeedService],
})
export class PriceSourcesModule {}
