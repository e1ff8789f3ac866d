/**
 * Where uploaded files (deposit vouchers, KYC documents) live: a folder under DATA_DIR by default,
 * or an S3-compatible bucket when UPLOADS_S3_BUCKET is set. Callers only see keys such as
 * `vouchers/<uuid>.png`, chosen by the server, never by the client.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are server-made: a few path segments of safe characters, never `..` or absolute. */
export function assertStorageKey(key: string): void {
  if (!/^[a-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(key))
    throw new Error(`unsafe storage key: ${key}`);
}
