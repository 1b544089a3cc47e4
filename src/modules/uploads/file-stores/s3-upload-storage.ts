import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_CACHE_CONTROL, UploadStorage } from './upload-storage';

export interface S3UploadSettings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where browsers fetch the objects; empty: `<endpoint>/<bucket>` (path style, as MinIO serves). */
  publicUrl: string;
}

/** An S3-compatible object store (MinIO, ...): objects `uploads/<tenant id>/<hash>.webp`, path-style requests. */
export class S3UploadStorage extends UploadStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3UploadSettings) {
    super();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: `uploads/${key}`,
        Body: body,
        ContentType: contentType,
        CacheControl: UPLOAD_CACHE_CONTROL,
      }),
    );
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix()}${key}`;
  }

  urlPrefix(): string {
    const base = this.settings.publicUrl || `${this.settings.endpoint.replace(/\/+$/, '')}/${this.settings.bucket}`;
    return `${base.replace(/\/+$/, '')}/uploads/`;
  }
}
