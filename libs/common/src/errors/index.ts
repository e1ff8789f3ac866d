export * from './error-code';
export * from './app.exception';
export * from './range';
