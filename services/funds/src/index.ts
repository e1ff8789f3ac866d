export * from './funds.module';
export * from './migrations';
export * from './addresses/address-codec';
export { WITHDRAWAL_BLOCKERS, type WithdrawalBlocker } from './withdrawals/withdrawals.service';
