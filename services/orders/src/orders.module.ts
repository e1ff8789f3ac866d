import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueName } from '@app/queue';
import { Plan } from './plans/entities/plan.entity';
import { PlanProduct } from './plans/entities/plan-product.entity';
import {
  PlanSettlementProcessor,
  PlanSettlementScheduler,
  PlanSettlementService,
} from './plans/plan-settlement.service';
import { AdminPlanProductsController, AdminPlansController } from './plans/admin-plans.controller';
import { PlansController } from './plans/plans.controller';
import { PlansService } from './plans/plans.service';
import { SpotModule } from './spot/spot.module';
import { TradingModule } from './u-orders/trading.module';
import { TradingVolumeModule } from './u-orders/trading-volume';

/** Orders and plans: smart and staking plans today; U orders, options and spot trading next. */
@Module({
  imports: [
    TypeOrmModule.forFeature([PlanProduct, Plan]),
    BullModule.registerQueue({ name: QueueName.PlanSettlement }),
    TradingModule,
    TradingVolumeModule,
    SpotModule,
  ],
  controllers: [PlansController, AdminPlanProductsController, AdminPlansController],
  providers: [PlansService, PlanSettlementService, PlanSettlementProcessor, PlanSettlementScheduler],
  exports: [PlanSettlementService],
})
export class OrdersModule {}
