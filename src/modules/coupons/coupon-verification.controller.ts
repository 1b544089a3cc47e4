import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { CouponAccepted, CouponVerificationService } from './coupon-verification.service';
import { VerifyCouponDto } from './dto/verify-coupon.dto';

@ApiTags('coupons')
@Controller('api/v1/coupons')
export class CouponVerificationController {
  constructor(private readonly coupons: CouponVerificationService) {}

  @Post('verify')
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @Storefront({ from: 'body', unknown: { status: 422, message: 'The selected tenant is invalid.' } })
  @ApiOperation({ summary: 'Check a coupon code against a cart subtotal' })
  @ApiOkResponse({ description: '{ valid: true, discount_amount, coupon_type }' })
  @ApiUnprocessableEntityResponse({ description: '{ valid: false, error, error_code } or field errors' })
  async verify(@Ctx() ctx: RequestContext, @Body() body: VerifyCouponDto): Promise<Omit<CouponAccepted, 'code'>> {
    const tenant = ctx.storefrontTenant();
    const { code: _code, ...result } = await this.coupons.verify(tenant.id, body.code, body.cart_subtotal, body, ctx.user?.id ?? null);
    return result;
  }
}
