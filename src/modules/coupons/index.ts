export { CouponLedger } from './coupon-ledger';
export { CouponVerificationService } from './coupon-verification.service';
export { CouponsModule } from './coupons.module';
export { customerKey } from './domain/customer-key';
export { CouponCustomerFieldsDto } from './dto/verify-coupon.dto';
export { MerchantCouponsService } from './merchant/merchant-coupons.service';
