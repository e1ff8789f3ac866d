import { Module } from '@nestjs/common';
import { PricesModule } from '../prices/prices.module';
import { AdminInstrumentsController } from './admin-instruments.controller';
import { AdminInstrumentsService } from './admin-instruments.service';
import { InstrumentsModule } from './instruments.module';

/**
 * The operators' catalogue. Its own module because it shows what an order meets now, which needs
 * the prices, and the prices need the catalogue (InstrumentsModule).
 */
@Module({
  imports: [InstrumentsModule, PricesModule],
  controllers: [AdminInstrumentsController],
  providers: [AdminInstrumentsService],
})
export class AdminInstrumentsModule {}
