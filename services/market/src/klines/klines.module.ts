import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InstrumentsModule } from '../instruments/instruments.module';
import { Kline } from './entities/kline.entity';
import { KlinesController } from './klines.controller';
import { KlinesService } from './klines.service';

@Module({
  imports: [InstrumentsModule, TypeOrmModule.forFeature([Kline])],
  controllers: [KlinesController],
  providers: [KlinesService],
  exports: [KlinesService],
})
export class KlinesModule {}
