import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KycSubmission } from './kyc/entities/kyc-submission.entity';
import { AdminKycController, KycController } from './kyc/kyc.controller';
import { KycService } from './kyc/kyc.service';

/** KYC today; advanced certification and loans next. */
@Module({
  imports: [TypeOrmModule.forFeature([KycSubmission])],
  controllers: [KycController, AdminKycController],
  providers: [KycService],
  exports: [KycService],
})
export class LoansModule {}
