import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@common/errors/domain.error';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { StorefrontTenantResolver } from '@modules/storefront/storefront-tenant.resolver';
import { PublicCoupon, PublicCouponCatalogService } from './public-coupon-catalog.service';

/** Spec 7: this endpoint answers a missing or unusable tenant with 400. */
export class TenantRequiredError extends DomainError {
  constructor(message: string) {
    super('tenant_required', message, 400);
  }
}

@ApiTags('coupons')
@Controller('api/v1/coupons')
export class PublicCouponsController {
  constructor(
    private readonly catalog: PublicCouponCatalogService,
    private readonly tenants: StorefrontTenantResolver,
  ) {}

  @Get()
  @RateLimit('api')
  @ApiOperation({ summary: "A shop's active public coupons that can be used now (cached 15 minutes)" })
  @ApiQuery({ name: 'tenant_id', required: true, description: "The shop's tenant UUID", schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ description: '{ success: true, data: [{ code, coupon_type, value, min_spend, expires_at }] }' })
  @ApiBadRequestResponse({ description: 'tenant_id absent, empty, 0, not a UUID, or not an open shop' })
  async list(@Query('tenant_id') rawTenantId: unknown): Promise<{ success: true; data: PublicCoupon[] }> {
    const tenantId = typeof rawTenantId === 'string' ? rawTenantId.trim() : '';
    if (tenantId === '' || tenantId === '0') throw new TenantRequiredError('The tenant_id query parameter is required.');
    const tenant = await this.tenants.byId(tenantId);
    if (!tenant?.isPublic) throw new TenantRequiredError('The tenant_id does not name an open shop.');
    return { success: true, data: await this.catalog.list(tenant.id) };
  }
}
