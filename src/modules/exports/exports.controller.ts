import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiShow } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { UuidIdParam } from '@common/http/id-params';
import { RequestExportCommand } from './commands/request-export/request-export.command';
import { EXPORT_NOT_FOUND } from './domain/exports.errors';
import type { ExportFileResource } from './dto/export-file.resource';
import { objectBody, RequestOrdersExportDto, RequestSalesReportDto } from './dto/request-export.dto';
import { resolveReportRange } from './domain/report-range';
import { MAX_UNFINISHED_PER_TENANT } from './files/export-file.store';
import { GetExportFileQuery } from './queries/get-export-file/get-export-file.query';

const BUSY = `The shop already has ${MAX_UNFINISHED_PER_TENANT} exports or reports being prepared`;

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
  @ApiOperation({ summary: 'Export every order of the shop as CSV; the asker gets an export_ready notification with a 30-minute link' })
  @ApiAcceptedResponse({ description: '{ export_id }' })
  @ApiTooManyRequestsResponse({ description: BUSY })
  async exportOrders(@Ctx() ctx: RequestContext, @Body() body: RequestOrdersExportDto): Promise<{ export_id: string }> {
    objectBody(body);
    const id = await this.commands.execute<RequestExportCommand, string>(
      new RequestExportCommand(ctx.merchantTenantId, ctx.principal.id, 'orders_export', {}),
    );
    return { export_id: id };
  }

  @Post('reports/sales')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sales per day (UTC) as CSV, by default the last 30 days; mailed to the asker with a signed link' })
  @ApiAcceptedResponse({ description: '{ report_id }' })
  @ApiTooManyRequestsResponse({ description: BUSY })
  async salesReport(@Ctx() ctx: RequestContext, @Body() body: RequestSalesReportDto): Promise<{ report_id: string }> {
    const range = resolveReportRange(objectBody(body) ?? {}, new Date());
    const id = await this.commands.execute<RequestExportCommand, string>(
      new RequestExportCommand(ctx.merchantTenantId, ctx.principal.id, 'sales_report', range),
    );
    return { report_id: id };
  }

  @Get('exports/:id')
  @ApiShow('{ data: export file }', {
    summary: 'Where an export or report stands; once ready, with a freshly signed download link',
    notFound: 'No such file in this shop (or deleted after 7 days)',
  })
  async show(@Ctx() ctx: RequestContext, @UuidIdParam('id', EXPORT_NOT_FOUND) id: string): Promise<{ data: ExportFileResource }> {
    return asData(this.queries.execute<GetExportFileQuery, ExportFileResource>(new GetExportFileQuery(ctx.merchantTenantId, id)));
  }
}
