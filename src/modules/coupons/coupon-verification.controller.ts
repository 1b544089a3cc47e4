import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse, getSchemaPath } from '@nestjs/swagger';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import type { CouponAccepted } from './coupon-verification.service';
import { CouponVerification, RejectedCoupon } from './dto/coupon-verification.resource';
import { VerifyCouponDto } from './dto/verify-coupon.dto';
import { VerifyCouponQuery } from './queries/verify-coupon/verify-coupon.query';

@ApiTags('coupons')
@Controller('api/v1/coupons')
export class CouponVerificationController {
  constructor(private readonly queries: QueryBus) {}

  @Post('verify')
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @Storefront({ from: 'body', unknown: { status: 422, message: 'The selected tenant is invalid.' } })
  @ApiOperation({
    summary: 'Check a coupon code against a cart subtotal',
    description:
      'The shop is the body `tenant_id`. A bearer token, when valid, names the customer for per-customer limits; ' +
      'else `customer_email` or `customer_phone` do. With `items`, product and category exclusions apply. Nothing is used up.',
  })
  @ApiExtraModels(RejectedCoupon)
  @ApiOkResponse({ description: 'The coupon applies: the discount it gives this cart', type: CouponVerification })
  @ApiUnprocessableEntityResponse({
    description: 'The coupon does not apply (`{ valid: false, error, error_code }`), or invalid fields, or an unknown shop',
    content: {
      'application/json': {
        schema: { oneOf: [{ $ref: getSchemaPath(RejectedCoupon) }, { $ref: '#/components/schemas/ValidationError' }] },
      },
    },
  })
  async verifyCoupon(@Ctx() ctx: RequestContext, @Body() body: VerifyCouponDto): Promise<CouponVerification> {
    const tenant = ctx.storefrontTenant();
    const { code: _code, ...result } = await this.queries.execute<VerifyCouponQuery, CouponAccepted>(
      new VerifyCouponQuery(tenant.id, body.code, body.cart_subtotal, body, ctx.user?.id ?? null),
    );
    return result;
  }
}
