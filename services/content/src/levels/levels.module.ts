import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VIP_LEVEL } from '@app/common';
import { Level } from './entities/level.entity';
import { AdminLevelsController, LevelsController } from './levels.controller';
import { LevelsService } from './levels.service';

/** Global so that user info (accounts) and the U-order fee (orders) find VIP_LEVEL. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Level])],
  controllers: [LevelsController, AdminLevelsController],
  providers: [LevelsService, { provide: VIP_LEVEL, useExisting: LevelsService }],
  exports: [VIP_LEVEL],
})
export class LevelsModule {}
