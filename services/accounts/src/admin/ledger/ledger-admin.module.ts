import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdjustmentsService } from './adjustments.service';
import { AdminAdjustmentsController, AdminLedgerController } from './ledger-admin.controller';
import { LedgerAdjustment } from './ledger-adjustment.entity';
import { LedgerAdminService } from './ledger-admin.service';

/** The console's ledger: accounts, transfers, the invariant check and maker-checker adjustments. */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerAdjustment])],
  controllers: [AdminLedgerController, AdminAdjustmentsController],
  providers: [LedgerAdminService, AdjustmentsService],
})
export class LedgerAdminModule {}
