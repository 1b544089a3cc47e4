import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CouponAccepted, CouponVerificationService } from '@modules/coupons/coupon-verification.service';
import { VerifyCouponQuery } from './verify-coupon.query';

@QueryHandler(VerifyCouponQuery)
export class VerifyCouponHandler implements IQueryHandler<VerifyCouponQuery, CouponAccepted> {
  constructor(private readonly coupons: CouponVerificationService) {}

  execute({ tenantId, code, subtotal, fields, userId }: VerifyCouponQuery): Promise<CouponAccepted> {
    return this.coupons.verify(tenantId, code, subtotal, fields, userId);
  }
}
