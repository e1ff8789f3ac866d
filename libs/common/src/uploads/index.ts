export * from './image-upload';
