export * from './app-config';
export * from './jwt-secret';
