import { Controller, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ValidationFailedError } from '@common/errors/domain.error';
import { ApiCreated } from '@common/http/api-docs';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { UploadBody, UploadResource, UploadResponse } from './dto/upload.dto';
import { UploadFileInterceptor } from './upload-file.interceptor';
import { UploadsService } from './uploads.service';

const FILE_REQUIRED = 'The file field is required.';

@ApiTags('uploads')
@MerchantArea()
@Controller('api/v1/merchant/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post()
  // Each upload decodes and encodes an image: the tighter per-user group of the heavy writes.
  @RateLimit('api.transactions')
  @UseInterceptors(UploadFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadBody })
  @ApiCreated(UploadResponse, {
    summary: 'Upload an image (a product picture, the shop logo): stored as WebP in several widths',
    description:
      'The multipart field `file` holds a JPEG, PNG or WebP image (recognised by its bytes), at most 5 MB and 40 megapixels. ' +
      'It is turned by its EXIF orientation, stripped of all metadata and stored as WebP 320, 640 and 1280 pixels wide ' +
      '(never enlarged). `url` (the largest) can be given as a product `image_url` or the shop `logo_url`.',
    invalid: 'No file, more than one part, not a JPEG, PNG or WebP image (or a damaged one), more than 5 MB or more than 40 megapixels',
  })
  async uploadMerchantImage(
    @Ctx() ctx: RequestContext,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<{ data: UploadResource }> {
    if (!file) throw ValidationFailedError.field('file', FILE_REQUIRED);
    return { data: await this.uploads.store(ctx.merchantTenantId, file.buffer) };
  }
}
