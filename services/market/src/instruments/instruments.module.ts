import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminInstrumentsController } from './admin-instruments.controller';
import { AdminInstrumentsService } from './admin-instruments.service';
import { Instrument } from './entities/instrument.entity';
import { InstrumentsService } from './instruments.service';
import { LogosController } from './logos.controller';
import { MarketClock } from './market-clock';

@Module({
  imports: [TypeOrmModule.forFeature([Instrument])],
  controllers: [LogosController, AdminInstrumentsController],
  providers: [InstrumentsService, AdminInstrumentsService, MarketClock],
  exports: [InstrumentsService, MarketClock],
})
export class InstrumentsModule {}
