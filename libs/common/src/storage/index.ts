export * from './file-storage';
export * from './disk-storage';
export * from './s3-storage';
export * from './file-storage.provider';
