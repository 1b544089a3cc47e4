import { Controller, Get, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NotFoundError } from '@common/errors/domain.error';
import { CompressibleFile, fileAnswer } from '@common/http/compressed-file';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { dashboardCsp, styleNonce } from './dashboard-csp';
import { DashboardFiles } from './dashboard-files';

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
  @ApiOkResponse({ description: 'The file: brotli or gzip compressed as `Accept-Encoding` allows', schema: { type: 'string' } })
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  showDashboardAsset(
    @Param('file') name: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    return this.asset('assets', name, IMMUTABLE, req, res);
  }

  @Get(':page')
  @ApiOperation({
    summary:
      "A page of the dashboard (`/dashboard/orders`): index.html, whose router opens the page; a file of the build's root by its name",
  })
  @ApiParam({ name: 'page', description: 'A page of the dashboard, or a file of the build root', example: 'orders' })
  @ApiProduces('text/html', 'text/javascript')
  @ApiOkResponse({
    description: 'The HTML shell (no data), or the file (brotli or gzip compressed as `Accept-Encoding` allows)',
    schema: { type: 'string' },
  })
  @ApiResponse({ status: 304, description: 'Not modified (a file; `If-None-Match` names the current ETag)' })
  showDashboardPage(
    @Param('page') page: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | StreamableFile | undefined> {
    if (!page.includes('.')) return this.page(req, res);
    // A name with an extension is a file (a service worker, an icon): it exists or it is a 404.
    return this.asset('', page, 'no-cache', req, res);
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

  private async asset(
    folder: 'assets' | '',
    name: string,
    cacheControl: string,
    req: Request,
    res: Response,
  ): Promise<StreamableFile | undefined> {
    const file = await this.files.file(folder, name);
    if (!file) throw new NotFoundError('No such file.');
    return served(await fileAnswer(req, res, file, cacheControl), file);
  }

  private async page(req: Request, res: Response): Promise<string> {
    const nonce = styleNonce();
    const html = await this.files.indexHtml(nonce);
    if (html === null) throw new NotFoundError(NOT_BUILT);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', dashboardCsp(nonce, req.headers.host));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'same-origin');
    return html;
  }
}

/** The bytes as they are (a Buffer returned from a handler would be sent as JSON); nothing after a 304. */
function served(body: Buffer | null, file: CompressibleFile): StreamableFile | undefined {
  return body === null ? undefined : new StreamableFile(body, { type: file.contentType, length: body.length });
}
