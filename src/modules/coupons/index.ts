export { CreateCouponCommand } from './commands/create-coupon/create-coupon.command';
export { type CouponDecision, CouponLedger } from './coupon-ledger';
export { type CouponAccepted, CouponVerificationService } from './coupon-verification.service';
export { CouponsModule } from './coupons.module';
export { COUPON_REJECTIONS, COUPON_TYPES, type CouponType } from './domain/coupon-evaluation';
export { customerKey } from './domain/customer-key';
export type { CouponResource } from './dto/merchant-coupon.dto';
export { CouponCustomerFieldsDto } from './dto/verify-coupon.dto';
