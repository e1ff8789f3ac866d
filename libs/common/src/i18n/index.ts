export * from './translator';
