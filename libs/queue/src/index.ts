export * from './redis.module';
export * from './queue-names';
export * from './queue.module';
export * from './review-alerts';
export * from './close-worker';
export * from './attempt-counters';
