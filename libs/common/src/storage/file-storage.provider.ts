import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { DiskFileStorage } from './disk-storage';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { S3FileStorage } from './s3-storage';

/** The configured upload storage: S3-compatible when UPLOADS_S3_BUCKET is set, else the data folder. */
export function createFileStorage(config: AppConfig): FileStorage {
  if (!config.UPLOADS_S3_BUCKET) return new DiskFileStorage(config.DATA_DIR);
  return new S3FileStorage({
    bucket: config.UPLOADS_S3_BUCKET,
    prefix: config.UPLOADS_S3_PREFIX,
    region: config.UPLOADS_S3_REGION,
    endpoint: config.UPLOADS_S3_ENDPOINT,
    forcePathStyle: config.UPLOADS_S3_FORCE_PATH_STYLE,
    accessKeyId: config.UPLOADS_S3_ACCESS_KEY_ID,
    secretAccessKey: config.UPLOADS_S3_SECRET_ACCESS_KEY,
  });
}

export const fileStorageProvider: Provider = {
  provide: FILE_STORAGE,
  inject: [APP_CONFIG],
  useFactory: createFileStorage,
};
