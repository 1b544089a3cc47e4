import { Injectable } from '@nestjs/common';
import { centsToNumber, toCents } from '@common/money/money';
import { CatalogQueries } from '@modules/catalog';
import { CouponLedger } from './coupon-ledger';
import { CouponRejectedError } from './domain/coupons.errors';
import { customerKey } from './domain/customer-key';
import type { CouponType } from './domain/coupon-evaluation';
import type { CouponCustomerFieldsDto } from './dto/verify-coupon.dto';

export interface CouponAccepted {
  valid: true;
  discount_amount: number;
  coupon_type: CouponType;
  code: string;
}

/** Read-only coupon checks for the storefront (verify, checkout). Placing the order re-checks under lock. */
@Injectable()
export class CouponVerificationService {
  constructor(
    private readonly ledger: CouponLedger,
    private readonly catalog: CatalogQueries,
  ) {}

  async verify(
    tenantId: string,
    code: string,
    subtotal: number,
    fields: CouponCustomerFieldsDto,
    userId: string | null,
  ): Promise<CouponAccepted> {
    const items = fields.items
      ? await this.catalog.productCategories(
          tenantId,
          fields.items.map((item) => item.product_id),
        )
      : undefined;
    const decision = await this.ledger.decide(tenantId, code, {
      subtotal: toCents(subtotal),
      customerKey: customerKey(userId, fields.customer_email, fields.customer_phone),
      items,
    });
    if (!decision.verdict.valid) throw new CouponRejectedError(decision.verdict.errorCode, decision.verdict.error);
    return {
      valid: true,
      discount_amount: centsToNumber(decision.verdict.discount),
      coupon_type: decision.verdict.couponType,
      code: decision.code,
    };
  }
}
