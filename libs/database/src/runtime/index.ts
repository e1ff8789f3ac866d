export * from './app-factory';
export * from './run-service';
export * from './health.controller';
