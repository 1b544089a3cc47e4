import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { fileAnswer } from '@common/http/compressed-file';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';

/**
 * The shop pages' script and style sheet as built (hashed names: cached for a year, never changed),
 * brotli or gzip compressed as the browser accepts (docs/operations.md, "Static files").
 */
@ApiTags('storefront pages')
// The public catalog's group (docs/storefront.md: 300 a minute per IP, THROTTLE_STOREFRONT).
@RateLimit('storefront')
@Controller('storefront-assets')
export class StorefrontAssetsController {
  constructor(private readonly assets: StorefrontAssets) {}

  @Get(':file')
  @ApiOperation({ summary: "A file of the shop pages' build: the client script or the style sheet" })
  @ApiProduces('text/javascript', 'text/css')
  @ApiOkResponse({
    description: 'The file: brotli or gzip compressed as `Accept-Encoding` allows',
    content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  @ApiNotFoundResponse({ description: 'No such file' })
  async showStorefrontAsset(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asset = this.assets.file(file);
    if (!asset) throw new NotFoundException('No such file.');
    const body = await fileAnswer(req, res, asset, 'public, max-age=31536000, immutable');
    if (body === null) res.end();
    else res.status(200).end(body);
  }
}
