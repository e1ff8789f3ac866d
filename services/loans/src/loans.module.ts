import { Global, Module } from '@nestjs/common';
import { WITHDRAWAL_BLOCKER } from '@app/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KycSubmission } from './kyc/entities/kyc-submission.entity';
import { AdminKycController, KycController } from './kyc/kyc.controller';
import { KycService } from './kyc/kyc.service';
import { Loan, LoanProduct } from './loans/entities/loan.entity';
import { LoansController } from './loans/loans.controller';
import { LoansService } from './loans/loans.service';

/** KYC, advanced certification and loans; global so that funds sees the open-loan withdrawal block. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([KycSubmission, Loan, LoanProduct])],
  controllers: [KycController, AdminKycController, LoansController],
  providers: [KycService, LoansService, { provide: WITHDRAWAL_BLOCKER, useExisting: LoansService }],
  exports: [KycService, LoansService, WITHDRAWAL_BLOCKER],
})
export class LoansModule {}
