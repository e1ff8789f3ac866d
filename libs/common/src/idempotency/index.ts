export * from './idempotency.interceptor';
export * from './idempotency.migration';
export * from './idempotency-maintenance';
