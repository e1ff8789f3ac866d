export * from './idempotency.interceptor';
export * from './idempotency.migration';
