import { ApiProperty } from '@nestjs/swagger';
import { COUPON_TYPES, type CouponType } from '../domain/coupon-evaluation';

/** One entry of GET /api/v1/coupons. */
export class PublicCoupon {
  @ApiProperty({ example: 'WELCOME10', description: 'Upper-case' })
  code: string;

  @ApiProperty({ enum: COUPON_TYPES })
  coupon_type: CouponType;

  @ApiProperty({ type: 'number', minimum: 0, example: 10, description: 'Percent off or amount off (two decimals); 0 for free_shipping' })
  value: number;

  @ApiProperty({ type: 'number', nullable: true, minimum: 0, description: 'Smallest cart subtotal the coupon applies to (two decimals)' })
  min_spend: number | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' })
  expires_at: string | null;
}

/** GET /api/v1/coupons: `{ success: true, data: [coupon] }`. */
export class PublicCouponsResponse {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ type: PublicCoupon, isArray: true })
  data: PublicCoupon[];
}
