import { Controller, Get, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NotFoundError } from '@common/errors/domain.error';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { dashboardCsp, styleNonce } from './dashboard-csp';
import { DashboardFiles, type DashboardFile } from './dashboard-files';

const NOT_BUILT = 'The dashboard is not built: run `npm run build`.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The merchant dashboard (dashboard.md), served at `/dashboard/` by the service itself (same origin
 * as the API): the hashed files of its build, and index.html for every other path under it, so a
 * deep link or a reload opens its page (the app's router reads the path). A shell that reveals
 * nothing: the data comes from the API with the person's bearer token. Not rate limited: a page
 * load is a handful of files, and the API calls behind them are limited as usual.
 */
@ApiTags('dashboard')
@SkipRateLimit()
@Controller('dashboard')
export class DashboardPageController {
  constructor(private readonly files: DashboardFiles) {}

  @Get()
  @ApiOperation({ summary: "The merchant dashboard's page (index.html, never cached; its CSP carries a nonce for style elements)" })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The HTML shell (no data)', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'The dashboard is not built' })
  showDashboard(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.page(req, res);
  }

  @Get('assets/:file')
  @ApiOperation({ summary: "A hashed file of the dashboard's build (JavaScript, CSS, fonts, images), cached for a year" })
  @ApiParam({ name: 'file', description: 'A file name of the build, with its content hash', example: 'index-CC2LMLfY.css' })
  @ApiProduces('text/javascript', 'text/css', 'image/svg+xml', 'font/woff2')
  @ApiOkResponse({ description: 'The file', schema: { type: 'string' } })
  async showDashboardAsset(@Param('file') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.files.file('assets', name);
    if (!file) throw new NotFoundError('No such file.');
    res.setHeader('Cache-Control', IMMUTABLE);
    return served(file, res);
  }

  @Get(':page')
  @ApiOperation({
    summary:
      "A page of the dashboard (`/dashboard/orders`): index.html, whose router opens the page; a file of the build's root by its name",
  })
  @ApiParam({ name: 'page', description: 'A page of the dashboard, or a file of the build root', example: 'orders' })
  @ApiProduces('text/html', 'text/javascript')
  @ApiOkResponse({ description: 'The HTML shell (no data), or the file', schema: { type: 'string' } })
  async showDashboardPage(
    @Param('page') page: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | StreamableFile> {
    if (!page.includes('.')) return this.page(req, res);
    // A name with an extension is a file (a service worker, an icon): it exists or it is a 404.
    const file = await this.files.file('', page);
    if (!file) throw new NotFoundError('No such file.');
    res.setHeader('Cache-Control', 'no-cache');
    return served(file, res);
  }

  @Get(':page/:id')
  @ApiOperation({ summary: 'A page of one thing in the dashboard (`/dashboard/orders/1042`): index.html, whose router opens the page' })
  @ApiParam({ name: 'page', example: 'orders' })
  @ApiParam({ name: 'id', example: '1042' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The HTML shell (no data)', schema: { type: 'string' } })
  showDashboardItemPage(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.page(req, res);
  }

  private async page(req: Request, res: Response): Promise<string> {
    const nonce = styleNonce();
    const html = await this.files.indexHtml(nonce);
    if (html === null) throw new NotFoundError(NOT_BUILT);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', dashboardCsp(nonce, req.headers.host));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'same-origin');
    return html;
  }
}

/** The file's bytes as they are (a Buffer returned from a handler would be sent as JSON). */
function served(file: DashboardFile, res: Response): StreamableFile {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return new StreamableFile(file.body, { type: file.contentType, length: file.body.length });
}
