export * from './app-factory';
export * from './run-service';
export * from './health.controller';
export * from './socket-io-adapter';
