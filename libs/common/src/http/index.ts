export * from './request-context';
export * from './decorators';
export * from './api-exception.filter';
export * from './envelope';
export * from './validation';
export * from './configure-http-app';
export * from './iso-date-time';
export * from './console-list';
