import { http } from '../../../api/http-client';

export interface LoanProduct {
  id: number;
  termDays: number;
  dailyRatePercent: string;
  minAmount: string;
  maxAmount: string;
  interestFreeDays: number;
}
export interface LoanOffer {
  amount: string;
  currency: string;
  termDays: number;
  /** Days until the repayment date: the term, or 1 when there are no interest-free days. */
  dueDays: number;
  dailyRatePercent: string;
  interestFreeDays: number;
  totalInterest: string;
  totalDue: string;
  repaymentDate: string;
  cap: string;
}
export interface Loan {
  id: string;
  amount: string;
  currency: string;
  termDays: number;
  dailyRatePercent: string;
  interestFreeDays: number;
  totalInterest: string;
  repaymentDate: string;
  status: 'repaying' | 'repaid' | 'expired';
  accruedInterest: string | null;
  repaidAmount: string | null;
  repaidAt: string | null;
  createdAt: string;
}
export interface KycStatus {
  id?: string;
  status: 'unverified' | 'pending' | 'verified' | 'failed';
  reason: string | null;
  submittedAt: string | null;
  reviewedAt?: string | null;
}

export const loanApi = {
  products: (signal?: AbortSignal) => http.get<LoanProduct[]>('user/listLoanProducts', undefined, signal),
  quote: (amount: string, termDays: number) => http.get<LoanOffer>('user/loanQuote', { amount, termDays }),
  apply: (amount: string, termDays: number, key?: string) =>
    http.send<Loan>('user/loan', { amount, termDays, agree: true }, key),
  repay: (loanId: string, key?: string) => http.send<Loan>('user/repayLoan', { loanId }, key),
  records: (signal?: AbortSignal) => http.get<Loan[]>('user/listLoanRecord', undefined, signal),
  agreement: (id: string) => http.blob(`user/loanAgreement/${id}`),
  kyc: (signal?: AbortSignal) => http.get<KycStatus>('user/getIdentification', undefined, signal),
  advanced: (signal?: AbortSignal) => http.get<KycStatus>('user/getNewIdentification', undefined, signal),
  submitKyc: (form: FormData) => http.upload<unknown>('user/identification', form),
  submitAdvanced: (form: FormData) => http.upload<unknown>('user/newIdentification', form),
};
