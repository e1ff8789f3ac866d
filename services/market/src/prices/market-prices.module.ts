import { Global, Module } from '@nestjs/common';
import { PricesModule } from './prices.module';

/**
 * MARKET_PRICES (and PriceService) for a process that runs without the market service (funds,
 * orders, loans, ... alone): the instrument catalogue and the prices the feeder of the market
 * process records in Redis and Postgres. No price source, no feeder election and no /market
 * gateway; only the read-only market routes of PricesModule come along. Global, as MarketModule is,
 * so that every module of the process finds the token. Never loaded next to MarketModule.
 */
@Global()
@Module({
  imports: [PricesModule],
  exports: [PricesModule],
})
export class MarketPricesModule {}
