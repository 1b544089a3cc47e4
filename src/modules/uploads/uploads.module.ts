import { Module, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { acceptOwnUploadUrls } from '@common/http/upload-urls';
import type { Env } from '@config/env.schema';
import { LocalUploadStorage } from './file-stores/local-upload-storage';
import { S3UploadStorage } from './file-stores/s3-upload-storage';
import { UploadStorage } from './file-stores/upload-storage';
import { UploadedFilesController } from './uploaded-files.controller';
import { UploadsController } from './uploads.controller';
import { UploadsRepository } from './persistence/uploads.repository';
import { UploadsService } from './uploads.service';

/** The storage the configuration names: the object store when S3_ENDPOINT (and its three companions) is set, else DATA_DIR/uploads. */
function uploadStorage(config: ConfigService<Env, true>): UploadStorage {
  const get = <K extends keyof Env>(name: K) => config.get(name, { infer: true });
  if (get('S3_ENDPOINT')) {
    return new S3UploadStorage({
      endpoint: get('S3_ENDPOINT'),
      bucket: get('S3_BUCKET'),
      accessKeyId: get('S3_ACCESS_KEY_ID'),
      secretAccessKey: get('S3_SECRET_ACCESS_KEY'),
      region: get('S3_REGION'),
      publicUrl: get('S3_PUBLIC_URL'),
    });
  }
  return new LocalUploadStorage(get('DATA_DIR'), get('APP_URL'));
}

/** Image uploads (docs/uploads.md): the merchant's upload route and, with the local disk, the files themselves. */
@Module({
  controllers: [UploadsController, UploadedFilesController],
  providers: [{ provide: UploadStorage, inject: [ConfigService], useFactory: uploadStorage }, UploadsRepository, UploadsService],
})
export class UploadsModule implements OnModuleInit {
  constructor(private readonly storage: UploadStorage) {}

  onModuleInit(): void {
    acceptOwnUploadUrls(this.storage.urlPrefix());
  }
}
