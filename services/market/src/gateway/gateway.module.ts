import { Module } from '@nestjs/common';
import { InstrumentsModule } from '../instruments/instruments.module';
import { PricesModule } from '../prices/prices.module';
import { MarketFanoutService } from './market-fanout.service';
import { MarketGateway } from './market.gateway';
import { SocketRedisAdapterService } from './socket-redis-adapter.service';

@Module({
  imports: [InstrumentsModule, PricesModule],
  providers: [MarketGateway, MarketFanoutService, SocketRedisAdapterService],
})
export class GatewayModule {}
