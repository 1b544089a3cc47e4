import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COUPON_REJECTIONS, COUPON_TYPES, type CouponType } from '@modules/coupons';

/** What the checkout routes answer (decisions §6, §15). */

export class CheckoutCouponAccepted {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  valid: true;

  @ApiProperty({ type: 'number', minimum: 0, example: 40.25, description: 'What the coupon takes off the subtotal, two decimals' })
  discount_amount: number;

  @ApiProperty({ enum: COUPON_TYPES })
  coupon_type: CouponType;

  @ApiProperty({ description: 'The coupon code as the shop stores it (the request may spell it in another case)', example: 'HALF' })
  code: string;
}

/** 422 `{ message, valid: false, error, error_code }`: the coupon does not apply (as coupons/verify says it). */
export class CheckoutCouponRejection {
  @ApiProperty({ description: 'The same as `error`' })
  message: string;

  @ApiProperty({ type: 'boolean', description: 'Always false' })
  valid: false;

  @ApiProperty({ description: 'Why the coupon does not apply, for the shopper' })
  error: string;

  @ApiProperty({ enum: COUPON_REJECTIONS })
  error_code: (typeof COUPON_REJECTIONS)[number];
}

export class CouponRemovedAnswer {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ example: 'Coupon removed.' })
  message: string;
}

export class CartSynchronizedAnswer {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ example: 'Cart synchronized successfully' })
  message: string;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    example: 80.5,
    description: 'The `subtotal` of the request, echoed (not stored: the session is priced from the catalog when used)',
  })
  subtotal: number;
}

export class InventoryHeldAnswer {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ example: 'Inventory held.' })
  message: string;

  @ApiProperty({ minLength: 8, maxLength: 128, description: 'The session the stock is held for (the one sent, else a new UUID)' })
  session_id: string;

  @ApiProperty({ format: 'date-time', description: 'When the hold ends (INVENTORY_HOLD_MINUTES from now)' })
  expires_at: string;
}

/** 400 `{ message, success: false }` (only `{ message }` for a body that is not JSON). */
export class HoldRejection {
  @ApiProperty()
  message: string;

  @ApiPropertyOptional({
    type: 'boolean',
    description: 'false; present when the shop is missing or unknown or has no active primary location; absent for a malformed body',
  })
  success?: false;
}

/** 409 `{ message, success: false, product_id }`. */
export class HoldConflict {
  @ApiProperty({ description: 'Names the product, never how many units are left' })
  message: string;

  @ApiProperty({ type: 'boolean', description: 'Always false' })
  success: false;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'The first product of the cart with too little stock to hold' })
  product_id: number;
}

export class InventoryReleasedAnswer {
  @ApiProperty({ type: 'boolean', description: 'Always true' })
  success: true;

  @ApiProperty({ example: 'Inventory released.' })
  message: string;
}
