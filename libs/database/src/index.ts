export * from './launcher';
export * from './data-source-options';
export * from './decimal.transformer';
export * from './runtime';
