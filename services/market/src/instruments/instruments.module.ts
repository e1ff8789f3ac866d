import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Instrument } from './entities/instrument.entity';
import { MarketClosure } from './entities/market-closure.entity';
import { InstrumentsService } from './instruments.service';
import { LogosController } from './logos.controller';
import { MarketClock } from './market-clock';

@Module({
  imports: [TypeOrmModule.forFeature([Instrument, MarketClosure])],
  controllers: [LogosController],
  providers: [InstrumentsService, MarketClock],
  exports: [InstrumentsService, MarketClock],
})
export class InstrumentsModule {}
