import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueName } from '@app/queue';
import { OptionsOrder } from '../options/entities/options-order.entity';
import { OptionsProduct } from '../options/entities/options-product.entity';
import {
  AdminOptionsOrdersController,
  AdminOptionsProductsController,
} from '../options/options-admin.controller';
import { OptionsAdminService } from '../options/options-admin.service';
import { OptionsController } from '../options/options.controller';
import { OptionsService } from '../options/options.service';
import { UOrder } from './entities/u-order.entity';
import { PositionBook } from './position-book';
import { PositionEngine } from './position-engine.service';
import { TradingEvents } from './trading-events';
import { TradingParameters } from './trading-parameters';
import { TradingProcessor, TradingScheduler } from './trading-jobs';
import { TradingGateway } from './trading.gateway';
import { TradingSockets } from './trading-sockets';
import { AdminUOrdersController } from './u-orders-admin.controller';
import { UOrdersController } from './u-orders.controller';
import { UOrdersService } from './u-orders.service';

/** Market trading: leveraged contract (U) orders with their position engine, and options. */
@Module({
  imports: [
    TypeOrmModule.forFeature([UOrder, OptionsProduct, OptionsOrder]),
    BullModule.registerQueue({ name: QueueName.Trading }),
  ],
  controllers: [
    UOrdersController,
    OptionsController,
    AdminUOrdersController,
    AdminOptionsProductsController,
    AdminOptionsOrdersController,
  ],
  providers: [
    TradingParameters,
    TradingEvents,
    TradingSockets,
    TradingGateway,
    UOrdersService,
    PositionBook,
    PositionEngine,
    OptionsService,
    OptionsAdminService,
    TradingProcessor,
    TradingScheduler,
  ],
  exports: [UOrdersService, OptionsService, PositionEngine],
})
export class TradingModule {}
