import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiShow } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { canonicalTimeZone } from '@common/util/time-zone';
import { OverviewQueryDto, OverviewResource, OverviewResponse } from './dto/overview.dto';
import { GetOverviewQuery } from './queries/get-overview/get-overview.query';

/** The dashboard's first page: today, the pending orders, the last 30 days, the top products (decisions §17). */
@ApiTags('orders')
@MerchantArea()
@Controller('api/v1/merchant/overview')
export class MerchantOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiShow(OverviewResponse, {
    summary: "The shop's figures: today, pending orders, the last 30 days (in `tz`), the top 5 products",
    description:
      'Cancelled orders are counted nowhere. Read from rollups kept by the order transactions, so its cost does not grow with the number of orders.',
    invalid: '`tz` not an IANA time zone name (`errors.tz`), or an unknown query parameter',
  })
  showMerchantOverview(@Ctx() ctx: RequestContext, @Query() query: OverviewQueryDto): Promise<OverviewResponse> {
    const timeZone = query.tz === undefined ? 'UTC' : (canonicalTimeZone(query.tz) ?? 'UTC');
    return asData(this.queries.execute<GetOverviewQuery, OverviewResource>(new GetOverviewQuery(ctx.merchantTenantId, timeZone)));
  }
}
