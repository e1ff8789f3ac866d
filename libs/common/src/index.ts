export * from './config';
export * from './errors';
export * from './i18n';
export * from './http';
export * from './auth';
export * from './paging';
export * from './common.module';
export * from './security';
