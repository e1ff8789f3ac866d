export * from './image-upload';
export * from './image-sanitizer';
export * from './private-image';
