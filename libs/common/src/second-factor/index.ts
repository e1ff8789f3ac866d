export * from './second-factor';
