import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiBoundedTooManyRequests, ApiShow } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { UuidIdParam } from '@common/http/id-params';
import { RequestExportCommand } from './commands/request-export/request-export.command';
import { EXPORT_NOT_FOUND } from './domain/exports.errors';
import {
  EXPORTS_PER_PAGE,
  ExportFileResource,
  ExportFileResponse,
  ExportListResponse,
  ExportRequestedAnswer,
  ListExportsQueryDto,
  ReportRequestedAnswer,
} from './dto/export-file.resource';
import { objectBody, RequestOrdersExportDto, RequestSalesReportDto } from './dto/request-export.dto';
import { resolveReportRange } from './domain/report-range';
import { MAX_UNFINISHED_PER_TENANT } from './persistence/export-files.repository';
import { GetExportFileQuery } from './queries/get-export-file/get-export-file.query';
import { ListExportsQuery } from './queries/list-exports/list-exports.query';

const BUSY = `Rate limit exceeded, or the shop already has ${MAX_UNFINISHED_PER_TENANT} exports or reports being prepared`;

/** A merchant asks for files of their own shop; a worker prepares them and notifies the asker. */
@ApiTags('exports')
@MerchantArea({ param: 'id', resource: 'export', id: 'uuid', notFound: EXPORT_NOT_FOUND })
@Controller('api/v1')
export class ExportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('exports/orders')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Export every order of the shop as CSV',
    description:
      'A worker writes the file; the asker then gets an `export_ready` notification with a download link valid 30 minutes ' +
      '(`GET /api/v1/exports/{id}` signs a fresh one). The body may be left out; `language` asks for a file for people.',
  })
  @ApiBody({ type: RequestOrdersExportDto, required: false })
  @ApiAcceptedResponse({ type: ExportRequestedAnswer, description: 'Queued' })
  @ApiUnprocessableEntityResponse({ description: 'A `language` other than es or en, another field, or a JSON array body (`errors.body`)' })
  @ApiBoundedTooManyRequests(BUSY)
  async exportOrders(@Ctx() ctx: RequestContext, @Body() body: RequestOrdersExportDto): Promise<ExportRequestedAnswer> {
    const language = objectBody(body)?.language;
    const id = await this.commands.execute<RequestExportCommand, string>(
      new RequestExportCommand(ctx.merchantTenantId, ctx.principal.id, 'orders_export', language ? { language } : {}),
    );
    return { export_id: id };
  }

  @Post('reports/sales')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Ask for a sales report: sales per day (UTC) as CSV, by default the last 30 days',
    description:
      'A worker writes the file; the asker then gets a `report_ready` notification and a mail with a signed link valid ' +
      'REPORT_URL_TTL_HOURS. The body may be left out.',
  })
  @ApiBody({ type: RequestSalesReportDto, required: false })
  @ApiAcceptedResponse({ type: ReportRequestedAnswer, description: 'Queued' })
  @ApiUnprocessableEntityResponse({
    description:
      'Not a date, `from` after `to`, more than 366 days, a `language` other than es or en, an unknown field, or a JSON array body (`errors.body`)',
  })
  @ApiBoundedTooManyRequests(BUSY)
  async requestSalesReport(@Ctx() ctx: RequestContext, @Body() body: RequestSalesReportDto): Promise<ReportRequestedAnswer> {
    const requested = objectBody(body) ?? {};
    const range = resolveReportRange(requested, new Date());
    const params = requested.language ? { ...range, language: requested.language } : range;
    const id = await this.commands.execute<RequestExportCommand, string>(
      new RequestExportCommand(ctx.merchantTenantId, ctx.principal.id, 'sales_report', params),
    );
    return { report_id: id };
  }

  @Get('exports')
  @ApiShow(ExportListResponse, {
    summary: "The shop's exports and reports, newest first, `limit` a page (20 by default), scrolled with `cursor`",
    description: 'Files are deleted 7 days after they were asked for. A ready file’s link comes from `GET /api/v1/exports/{id}`.',
    invalid: '`limit` not an integer from 1 to 100, a `cursor` this list did not give, or an unknown query parameter',
  })
  listExports(@Ctx() ctx: RequestContext, @Query() query: ListExportsQueryDto): Promise<ExportListResponse> {
    return this.queries.execute<ListExportsQuery, ExportListResponse>(
      new ListExportsQuery(ctx.merchantTenantId, query.cursor, query.limit ?? EXPORTS_PER_PAGE),
    );
  }

  @Get('exports/:id')
  @ApiShow(ExportFileResponse, {
    operationId: 'showExport',
    summary: 'Where an export or report stands; once ready, with a freshly signed download link',
    notFound: 'No such file in this shop (a malformed id, another shop’s, or deleted after 7 days)',
    param: { name: 'id', description: 'The export_id or report_id', schema: { type: 'string', format: 'uuid' } },
  })
  async showExport(@Ctx() ctx: RequestContext, @UuidIdParam('id', EXPORT_NOT_FOUND) id: string): Promise<{ data: ExportFileResource }> {
    return asData(this.queries.execute<GetExportFileQuery, ExportFileResource>(new GetExportFileQuery(ctx.merchantTenantId, id)));
  }
}
