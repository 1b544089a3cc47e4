import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { PublicCoupon, PublicCouponsResponse } from './dto/public-coupon.resource';
import { ListPublicCouponsQuery } from './queries/list-public-coupons/list-public-coupons.query';

@ApiTags('coupons')
@Controller('api/v1/coupons')
export class PublicCouponsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RateLimit('api')
  // Spec 7: this endpoint answers a missing or unusable tenant with 400.
  @Storefront({
    from: 'query',
    unknown: {
      status: 400,
      message: 'The tenant_id does not name an open shop.',
      absentMessage: 'The tenant_id query parameter is required.',
    },
  })
  @ApiOperation({ summary: "A shop's active public coupons that can be used now (cached 15 minutes)" })
  @ApiQuery({ name: 'tenant_id', required: true, description: "The shop's tenant UUID", schema: { type: 'string', format: 'uuid' } })
  // The guard reads tenant_id itself and answers a bad one with the 400 below; nothing else of the query is read.
  @ApiOkResponse({ description: 'The coupons, in no particular order', type: PublicCouponsResponse })
  @ApiBadRequestResponse({ description: 'tenant_id absent, empty, 0, not a UUID, or not an open shop' })
  async listPublicCoupons(@Ctx() ctx: RequestContext): Promise<PublicCouponsResponse> {
    const coupons = await this.queries.execute<ListPublicCouponsQuery, PublicCoupon[]>(
      new ListPublicCouponsQuery(ctx.storefrontTenant().id),
    );
    return { success: true, data: coupons };
  }
}
