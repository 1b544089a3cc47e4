/** Where upload files go: the local disk (DATA_DIR/uploads) or an S3-compatible object store. */
export abstract class UploadStorage {
  /** Stores `body` under `key` (`<tenant id>/<hash>.webp`); the same key always holds the same bytes. */
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The absolute URL browsers fetch the file at. */
  abstract publicUrl(key: string): string;
  /** The prefix of every `publicUrl` (accepted by `image_url` and `logo_url`). */
  abstract urlPrefix(): string;
}

export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const UPLOAD_KEY = /^([0-9a-f-]{36})\/([0-9a-f]{64}\.webp)$/;
