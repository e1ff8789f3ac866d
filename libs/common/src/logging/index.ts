export * from './pino-logger';
