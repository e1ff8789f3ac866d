import { Module } from '@nestjs/common';
import { PricesModule } from '../prices/prices.module';
import { AdminClosuresController } from './admin-closures.controller';
import { AdminClosuresService } from './admin-closures.service';
import { AdminInstrumentsController } from './admin-instruments.controller';
import { AdminInstrumentsService } from './admin-instruments.service';
import { InstrumentsModule } from './instruments.module';

/**
 * The operators' catalogue. Its own module because it shows what an order meets now, which needs
 * the prices, and the prices need the catalogue (InstrumentsModule). The market closures too.
 */
@Module({
  imports: [InstrumentsModule, PricesModule],
  controllers: [AdminInstrumentsController, AdminClosuresController],
  providers: [AdminInstrumentsService, AdminClosuresService],
})
export class AdminInstrumentsModule {}
