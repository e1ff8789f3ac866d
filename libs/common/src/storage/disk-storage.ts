import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage';

/** Files under `<DATA_DIR>/uploads`, readable by the server's user only. */
export class DiskFileStorage implements FileStorage {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.resolve(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  private resolve(key: string): string {
    // Rows written before keys were used hold an absolute path inside the uploads folder.
    if (path.isAbsolute(key)) {
      const file = path.resolve(key);
      if (!file.startsWith(this.root + path.sep)) throw new Error('file outside the uploads folder');
      return file;
    }
    assertStorageKey(key);
    return path.join(this.root, key);
  }
}
