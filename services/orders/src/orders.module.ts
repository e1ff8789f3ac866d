import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueName } from '@app/queue';
import { SmartOrder } from './smart/entities/smart-order.entity';
import { SmartProduct } from './smart/entities/smart-product.entity';
import { SmartController } from './smart/smart.controller';
import { SmartService } from './smart/smart.service';
import {
  SmartSettlementProcessor,
  SmartSettlementScheduler,
  SmartSettlementService,
} from './smart/smart-settlement.service';

/** Orders and plans: smart trading plans today; U orders, options, spot and mining next. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SmartProduct, SmartOrder]),
    BullModule.registerQueue({ name: QueueName.SmartSettlement }),
  ],
  controllers: [SmartController],
  providers: [SmartService, SmartSettlementService, SmartSettlementProcessor, SmartSettlementScheduler],
  exports: [SmartSettlementService],
})
export class OrdersModule {}
