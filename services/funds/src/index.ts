export * from './funds.module';
export * from './migrations';
export * from './addresses/address-codec';
