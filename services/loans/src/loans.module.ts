import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { KYC_TIER, TRADING_RESTRICTION, WITHDRAWAL_BLOCKER, type KycTierReader } from '@app/common';
import { QueueName } from '@app/queue';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KycSubmission } from './kyc/entities/kyc-submission.entity';
import { AdminKycController, KycController } from './kyc/kyc.controller';
import { KycService } from './kyc/kyc.service';
import { Loan, LoanProduct } from './loans/entities/loan.entity';
import { LoanOverdueProcessor, LoanOverdueScheduler, LoanOverdueService } from './loans/loan-overdue';
import { LoanAgreementRenderer } from './loans/loan-agreement';
import { AdminLoanProductsController } from './loans/admin-loan-products.controller';
import { AdminLoansController, LoansController } from './loans/loans.controller';
import { LoansService } from './loans/loans.service';

/** KYC, advanced certification and loans; global so that funds sees the open-loan withdrawal block. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([KycSubmission, Loan, LoanProduct]),
    BullModule.registerQueue({ name: QueueName.Loans }),
  ],
  controllers: [
    KycController,
    AdminKycController,
    LoansController,
    AdminLoansController,
    AdminLoanProductsController,
  ],
  providers: [
    KycService,
    LoansService,
    LoanAgreementRenderer,
    LoanOverdueService,
    LoanOverdueProcessor,
    LoanOverdueScheduler,
    { provide: WITHDRAWAL_BLOCKER, useExisting: LoansService },
    { provide: TRADING_RESTRICTION, useExisting: LoansService },
    {
      provide: KYC_TIER,
      inject: [KycService],
      useFactory: (kyc: KycService): KycTierReader => ({
        tierOf: async (userId) =>
          !(await kyc.isVerified(userId))
            ? 'none'
            : (await kyc.isVerified(userId, 'advanced'))
              ? 'advanced'
              : 'kyc',
      }),
    },
  ],
  exports: [KycService, LoansService, LoanOverdueService, WITHDRAWAL_BLOCKER, TRADING_RESTRICTION, KYC_TIER],
})
export class LoansModule {}
