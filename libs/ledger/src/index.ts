export * from './decimal-precision';
export * from './ledger.types';
export * from './ledger.errors';
export * from './ledger.service';
export * from './ledger.module';
export * from './migrations';
export * from './scan-horizon';
