export * from './accounts';
export * from './stats';
