import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { acceptsGzip } from '@modules/shop-pages/rendering/page-cache';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';

/** The shop pages' script and style sheet as built (hashed names: cached for a year, never changed). */
@ApiTags('storefront pages')
// The public catalog's group (decisions §18: 300 a minute per IP, THROTTLE_STOREFRONT).
@RateLimit('storefront')
@Controller('storefront-assets')
export class StorefrontAssetsController {
  constructor(private readonly assets: StorefrontAssets) {}

  @Get(':file')
  @ApiOperation({ summary: "A file of the shop pages' build: the client script or the style sheet" })
  @ApiProduces('text/javascript', 'text/css')
  @ApiOkResponse({
    description: 'The file',
    content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'No such file' })
  showStorefrontAsset(
    @Param('file') file: string,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() res: Response,
  ): void {
    const asset = this.assets.file(file);
    if (!asset) throw new NotFoundException('No such file.');
    const gzip = acceptsGzip(acceptEncoding);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res
      .status(200)
      .type(asset.contentType)
      .send(gzip ? asset.gzipped : asset.body);
  }
}
