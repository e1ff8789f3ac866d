export * from './market-prices';
