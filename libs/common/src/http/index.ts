export * from './request-context';
export * from './decorators';
export * from './api-exception.filter';
export * from './envelope.interceptor';
export * from './validation';
export * from './configure-http-app';
