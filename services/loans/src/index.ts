export * from './loans.module';
export * from './migrations';
export { KycService } from './kyc/kyc.service';
export { LoanOverdueService } from './loans/loan-overdue';
