export * from './password-hasher';
