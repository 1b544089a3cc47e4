import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ValidationFailedError } from '@common/errors/domain.error';
import { OptionalAuth } from '@common/auth/auth.decorators';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { StorefrontTenantResolver } from '@modules/storefront/storefront-tenant.resolver';
import { CouponAccepted, CouponVerificationService } from './coupon-verification.service';
import { VerifyCouponDto } from './dto/verify-coupon.dto';

@ApiTags('coupons')
@Controller('api/v1/coupons')
export class CouponVerificationController {
  constructor(
    private readonly coupons: CouponVerificationService,
    private readonly tenants: StorefrontTenantResolver,
  ) {}

  @Post('verify')
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @ApiOperation({ summary: 'Check a coupon code against a cart subtotal' })
  @ApiOkResponse({ description: '{ valid: true, discount_amount, coupon_type }' })
  @ApiUnprocessableEntityResponse({ description: '{ valid: false, error, error_code } or field errors' })
  async verify(@Body() body: VerifyCouponDto, @Req() req: Request): Promise<Omit<CouponAccepted, 'code'>> {
    const tenant = await this.tenants.byId(body.tenant_id);
    if (!tenant?.isPublic) throw ValidationFailedError.field('tenant_id', 'The selected tenant is invalid.');
    const { code: _code, ...result } = await this.coupons.verify(tenant.id, body.code, body.cart_subtotal, body, req.user?.id ?? null);
    return result;
  }
}
