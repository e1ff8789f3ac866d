export * from './accounts.module';
export * from './migrations';
