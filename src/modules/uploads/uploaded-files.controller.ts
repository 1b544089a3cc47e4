import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NotFoundError } from '@common/errors/domain.error';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { LocalUploadStorage } from './file-stores/local-upload-storage';
import { UPLOAD_CACHE_CONTROL, UploadStorage } from './file-stores/upload-storage';

const NO_SUCH_FILE = 'No such file.';

/**
 * The uploaded images kept in DATA_DIR/uploads (with an object store, browsers fetch them there
 * and this answers 404). Names are hashes of the bytes: cached for a year, never changed.
 */
@ApiTags('uploads')
// Read by shoppers' browsers on the storefront: the public catalog's group.
@RateLimit('storefront')
@Controller('uploads')
export class UploadedFilesController {
  constructor(private readonly storage: UploadStorage) {}

  @Get(':shop/:name')
  @ApiOperation({ summary: 'An uploaded image (WebP), as stored on the local disk' })
  @ApiParam({ name: 'shop', description: 'The id of the shop that uploaded it' })
  @ApiParam({ name: 'name', description: 'A hash of the bytes, then `.webp`' })
  @ApiProduces('image/webp')
  @ApiOkResponse({ description: 'The image', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No such file' })
  async showUploadedFile(
    @Param('shop') shop: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = this.storage instanceof LocalUploadStorage ? this.storage.path(`${shop}/${name}`) : null;
    const size =
      file === null
        ? null
        : await stat(file).then(
            (info) => (info.isFile() ? info.size : null),
            () => null,
          );
    if (file === null || size === null) throw new NotFoundError(NO_SUCH_FILE);
    res.setHeader('Cache-Control', UPLOAD_CACHE_CONTROL);
    return new StreamableFile(createReadStream(file), { type: 'image/webp', length: size });
  }
}
