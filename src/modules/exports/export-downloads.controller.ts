import { Controller, Get, Logger, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { toErrorResponse } from '@common/errors/error-response';
import { answerLanguage } from '@common/i18n/api-language';
import { localizeErrorBody } from '@common/i18n/api-messages';
import { UuidIdParam } from '@common/http/id-params';
import { EXPORT_NOT_FOUND } from './domain/exports.errors';
import type { ExportDownload } from './queries/get-export-download/get-export-download.handler';
import { GetExportDownloadQuery } from './queries/get-export-download/get-export-download.query';

/**
 * The signed download of an export or report (decisions §12): no bearer token, the link's
 * signature is the authorization, so it works from a mail client. The file is streamed from its
 * stored chunks, one at a time.
 */
@ApiTags('exports')
@Controller('api/v1/exports')
export class ExportDownloadsController {
  private readonly logger = new Logger(ExportDownloadsController.name);

  constructor(private readonly queries: QueryBus) {}

  @Get(':id/download')
  @ApiOperation({
    summary: 'Download an export or report file (CSV) by its signed link',
    description:
      'The link (from the notification, the mail or `GET /api/v1/exports/{id}`) is the authorization: no bearer token. ' +
      'The query parameters are checked by the route itself: a missing or altered one is a 403.',
  })
  @ApiParam({
    name: 'id',
    description: 'The export_id or report_id (anything but a UUID is a 404)',
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiQuery({
    name: 'expires',
    required: true,
    description: 'Part of the signed link: when it stops working, in Unix seconds',
    schema: { type: 'string', pattern: '^\\d{1,12}$', minLength: 1, maxLength: 12, example: '1767225600' },
  })
  @ApiQuery({
    name: 'signature',
    required: true,
    description: 'Part of the signed link: lowercase hex HMAC-SHA256 of the id and `expires`',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$', minLength: 64, maxLength: 64 },
  })
  @ApiOkResponse({
    description: 'The CSV (UTF-8), as an attachment',
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="orders-YYYY-MM-DD.csv" or "sales-FROM-to-TO.csv"',
        schema: { type: 'string' },
      },
    },
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiForbiddenResponse({ description: 'Signature missing, altered, of another file, or expired' })
  @ApiNotFoundResponse({ description: 'The file is not ready, or was deleted after 7 days' })
  async downloadExport(
    @UuidIdParam('id', EXPORT_NOT_FOUND) id: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
  ): Promise<StreamableFile> {
    const file = await this.queries.execute<GetExportDownloadQuery, ExportDownload>(new GetExportDownloadQuery(id, expires, signature));
    const body = new StreamableFile(Readable.from(file.content, { objectMode: false }), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${file.filename}"`,
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
      res.status(answer.status).json(localizeErrorBody(answer.body, answerLanguage(res.req.headers['accept-language'])));
    });
  }
}
