import { Controller, Get, Logger, Query, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { toErrorResponse } from '@common/errors/error-response';
import { UuidIdParam } from '@common/http/id-params';
import { downloadFilename } from './domain/export-file';
import { EXPORT_NOT_FOUND, ExportNotFoundError } from './domain/exports.errors';
import { ExportFileStore } from './files/export-file.store';
import { DownloadLinks } from './links/download-links';

/**
 * The signed download of an export or report (decisions §12): no bearer token, the link's
 * signature is the authorization, so it works from a mail client. The file is streamed from its
 * stored chunks, one at a time.
 */
@ApiTags('exports')
@Controller('api/v1/exports')
export class ExportDownloadsController {
  private readonly logger = new Logger(ExportDownloadsController.name);

  constructor(
    private readonly links: DownloadLinks,
    private readonly files: ExportFileStore,
  ) {}

  @Get(':id/download')
  @ApiOperation({ summary: 'Download an export or report file (CSV) by its signed link' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv; charset=utf-8, as an attachment' })
  @ApiForbiddenResponse({ description: 'Signature missing, altered, of another file, or expired' })
  @ApiNotFoundResponse({ description: 'The file is not ready, or was deleted after 7 days' })
  async download(
    @UuidIdParam('id', EXPORT_NOT_FOUND) id: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
  ): Promise<StreamableFile> {
    this.links.verify(id, expires, signature);
    const file = await this.files.findReady(id);
    if (!file) throw new ExportNotFoundError();
    const body = new StreamableFile(Readable.from(this.files.read(file), { objectMode: false }), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${downloadFilename(file)}"`,
      length: file.byteSize ?? undefined,
    });
    // Once bytes are on their way, a failure must not look like a complete file: cut the connection.
    return body.setErrorHandler((error, response) => {
      const res = response as unknown as Response;
      this.logger.error({ err: error, fileId: id }, 'Export download failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const answer = toErrorResponse(error);
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      res.removeHeader('Content-Disposition');
      res.removeHeader('Content-Length');
      res.status(answer.status).json(answer.body);
    });
  }
}
