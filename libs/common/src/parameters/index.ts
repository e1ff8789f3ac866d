export * from './system-parameters';
