import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CompressibleFile, fileAnswer } from '@common/http/compressed-file';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { iconIco, iconPng } from '@modules/shop-pages/rendering/site-icons';

/** A week: the names never change, so the icons are not `immutable`, but they are kept long (docs/operations.md, "Static files"). */
const ICON_CACHE = 'public, max-age=604800';

/**
 * The site's icons, drawn once when the service starts (`rendering/site-icons.ts`) and served from
 * memory: the browsers' `/favicon.ico`, and the icon Web Push notifications name
 * (`/icons/notification-icon.png`, 192 × 192).
 */
@ApiTags('storefront pages')
// The public catalog's group (docs/storefront.md: 300 a minute per IP, THROTTLE_STOREFRONT).
@RateLimit('storefront')
@Controller()
export class SiteFilesController {
  private readonly favicon = new CompressibleFile(iconIco([16, 32, 48]), 'image/x-icon');
  private readonly notificationIcon = new CompressibleFile(iconPng(192), 'image/png');

  @Get('favicon.ico')
  @ApiOperation({ summary: "The site's icon (ICO: 16, 32 and 48 pixels)" })
  @ApiProduces('image/x-icon')
  @ApiOkResponse({ description: 'The icon', content: { 'image/x-icon': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  async showFavicon(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(this.favicon, req, res);
  }

  @Get('icons/notification-icon.png')
  @ApiOperation({ summary: 'The icon of Web Push notifications (PNG, 192 × 192)' })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'The icon', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  async showNotificationIcon(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(this.notificationIcon, req, res);
  }

  private async send(file: CompressibleFile, req: Request, res: Response): Promise<void> {
    const body = await fileAnswer(req, res, file, ICON_CACHE);
    if (body === null) res.end();
    else res.status(200).end(body);
  }
}
