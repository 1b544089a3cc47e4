import { Injectable } from '@nestjs/common';
import type { UploadResource } from './dto/upload.dto';
import { imageVariants } from './image-variants';
import { UploadStorage } from './file-stores/upload-storage';
import { UploadsRepository } from './persistence/uploads.repository';

/** Turns an uploaded image into its WebP files, stores them under the shop's folder and records the upload. */
@Injectable()
export class UploadsService {
  constructor(
    private readonly storage: UploadStorage,
    private readonly repository: UploadsRepository,
  ) {}

  async store(tenantId: string, bytes: Buffer): Promise<UploadResource> {
    const variants = await imageVariants(bytes);
    const stored = variants.map((variant) => ({ key: `${tenantId}/${variant.name}`, width: variant.width, height: variant.height }));
    // Keys are under the shop's own folder and named by their bytes: no shop can overwrite another's file.
    await Promise.all(variants.map((variant, index) => this.storage.put(stored[index].key, variant.body, 'image/webp')));
    const largest = stored[stored.length - 1];
    const id = await this.repository.record({
      tenantId,
      key: largest.key,
      width: largest.width,
      height: largest.height,
      bytes: variants.reduce((sum, variant) => sum + variant.body.length, 0),
      variants: stored,
    });
    return {
      id,
      url: this.storage.publicUrl(largest.key),
      width: largest.width,
      height: largest.height,
      variants: stored.map((variant) => ({ width: variant.width, height: variant.height, url: this.storage.publicUrl(variant.key) })),
    };
  }
}
