export * from './vip-levels';
