export * from './order-book';
export * from './units';
