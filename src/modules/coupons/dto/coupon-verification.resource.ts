import { ApiProperty } from '@nestjs/swagger';
import { COUPON_REJECTIONS, COUPON_TYPES, type CouponRejection, type CouponType } from '../domain/coupon-evaluation';

/** POST /api/v1/coupons/verify 200: the coupon applies to this cart. */
export class CouponVerification {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  valid: true;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    example: 4.5,
    description: 'Amount off the cart subtotal (two decimals); 0 for free_shipping',
  })
  discount_amount: number;

  @ApiProperty({ enum: COUPON_TYPES })
  coupon_type: CouponType;
}

/** POST /api/v1/coupons/verify 422 when the coupon does not apply (the spec's rejection). */
export class RejectedCoupon {
  @ApiProperty({ description: 'The same text as `error`' })
  message: string;

  @ApiProperty({ type: 'boolean', description: 'Always false' })
  valid: false;

  @ApiProperty({ description: 'Why the coupon does not apply, for people' })
  error: string;

  @ApiProperty({ enum: COUPON_REJECTIONS, description: 'Why the coupon does not apply, for programs' })
  error_code: CouponRejection;
}
