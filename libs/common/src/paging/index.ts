export * from './list-query';
export * from './page-query';
