import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SpotOrder } from './entities/spot-order.entity';
import { SpotPair } from './entities/spot-pair.entity';
import { SpotTrade } from './entities/spot-trade.entity';
import { MarketMaker } from './market-maker';
import { AdminSpotController } from './spot-admin.controller';
import { SpotEvents } from './spot-events';
import { SpotIntake } from './spot-intake';
import { SpotOwnership } from './spot-ownership.service';
import { SpotPairsService } from './spot-pairs.service';
import { SpotParameters } from './spot-parameters';
import { SpotSequencer } from './spot-sequencer.service';
import { SpotController } from './spot.controller';
import { SpotGateway } from './spot.gateway';
import { SpotService } from './spot.service';

/**
 * Coin-to-coin trading: pairs, orders held through the ledger, one sequencer per pair (matching
 * engine + settlement), the market maker, pushes on /market and the admin's read-only lists.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SpotPair, SpotOrder, SpotTrade])],
  controllers: [SpotController, AdminSpotController],
  providers: [
    SpotPairsService,
    SpotParameters,
    SpotEvents,
    SpotSequencer,
    MarketMaker,
    SpotOwnership,
    SpotIntake,
    SpotService,
    SpotGateway,
  ],
  exports: [SpotService, SpotOwnership, SpotSequencer],
})
export class SpotModule {}
