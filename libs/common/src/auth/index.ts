export * from './session-store';
export * from './token.service';
export * from './auth.guard';
export * from './api-key';
export * from './socket-auth';
