import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UPLOAD_KEY, UploadStorage } from './upload-storage';

/** DATA_DIR/uploads/<tenant id>/<hash>.webp, served by this service at `<APP_URL>/uploads/...` (the zero-setup path). */
export class LocalUploadStorage extends UploadStorage {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly appUrl: string,
  ) {
    super();
    this.root = resolve(dataDir, 'uploads');
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.path(key);
    if (file === null) throw new Error(`Not an upload key: ${key}`);
    // Content-addressed: a file already there holds these very bytes.
    if (await exists(file)) return;
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix()}${key}`;
  }

  urlPrefix(): string {
    return `${this.appUrl.replace(/\/+$/, '')}/uploads/`;
  }

  /** The file of a key, or null for anything that is not one (no path ever leaves the uploads folder). */
  path(key: string): string | null {
    const match = UPLOAD_KEY.exec(key);
    return match ? join(this.root, match[1], match[2]) : null;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
