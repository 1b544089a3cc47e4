import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Cents } from '@common/money/money';
import { CouponEvaluation, CouponRules, evaluateCoupon, normalizeCouponCode } from './domain/coupon-evaluation';

interface CouponRow {
  id: string;
  code: string;
  coupon_type: CouponRules['couponType'];
  value: string;
  min_spend: string | null;
  max_discount: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  times_used: number;
  per_customer_limit: number | null;
  is_active: boolean;
  excluded_product_ids: number[];
  excluded_category_ids: number[];
}

export interface CouponCheck {
  subtotal: Cents;
  /** Per-customer limits apply only when the request identifies a customer (see customerKey). */
  customerKey: string | null;
  /** Product exclusions apply only when the request sends items. */
  items?: Array<{ productId: number; categoryId: number | null }>;
}

export interface CouponDecision {
  couponId: string | null;
  code: string;
  verdict: CouponEvaluation;
}

/**
 * Loads a coupon's rules and usage and decides (verify, checkout, order placement), and records a
 * redemption. With `lock`, the coupon row stays locked until the caller's transaction ends: that
 * is what makes a usage limit of N give exactly N orders under concurrency.
 */
@Injectable()
export class CouponLedgerService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async decide(tenantId: string, rawCode: string, check: CouponCheck, manager?: EntityManager, lock = false): Promise<CouponDecision> {
    const db = manager ?? this.dataSource.manager;
    const code = normalizeCouponCode(rawCode);
    const rows: CouponRow[] = await db.query(
      `SELECT id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used,
              per_customer_limit, is_active, excluded_product_ids, excluded_category_ids
         FROM coupons WHERE tenant_id = $1 AND code = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [tenantId, code],
    );
    const row = rows[0] ?? null;
    let customerUses: number | undefined;
    if (row && check.customerKey) {
      const counted: Array<{ count: string }> = await db.query(
        'SELECT count(*) FROM coupon_redemptions WHERE coupon_id = $1 AND customer_key = $2',
        [row.id, check.customerKey],
      );
      customerUses = Number(counted[0].count);
    }
    const verdict = evaluateCoupon(row && toRules(row), { subtotal: check.subtotal, now: new Date(), customerUses, items: check.items });
    return { couponId: row?.id ?? null, code, verdict };
  }

  /**
   * Counts one use, in the caller's transaction (after `decide(..., lock = true)`). Returns whether
   * this use exhausted the coupon, which takes it off the public list (the caller drops that cache
   * after commit).
   */
  async redeem(manager: EntityManager, couponId: string, tenantId: string, orderId: number, customerKey: string | null): Promise<boolean> {
    const [updated]: Array<{ exhausted: boolean }> = await manager.query(
      // A SELECT over the UPDATE: TypeORM returns plain rows for it (an UPDATE gives [rows, count]).
      `WITH used AS (
         UPDATE coupons SET times_used = times_used + 1, updated_at = now() WHERE id = $1
         RETURNING (usage_limit IS NOT NULL AND times_used >= usage_limit) AS exhausted
       )
       SELECT exhausted FROM used`,
      [couponId],
    );
    await manager.query(`INSERT INTO coupon_redemptions (coupon_id, tenant_id, order_id, customer_key) VALUES ($1, $2, $3, $4)`, [
      couponId,
      tenantId,
      orderId,
      customerKey ?? `order:${orderId}`,
    ]);
    return updated.exhausted;
  }
}

function toRules(row: CouponRow): CouponRules {
  return {
    code: row.code,
    couponType: row.coupon_type,
    value: row.value,
    minSpend: row.min_spend,
    maxDiscount: row.max_discount,
    startsAt: row.starts_at ? new Date(row.starts_at) : null,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    perCustomerLimit: row.per_customer_limit,
    isActive: row.is_active,
    excludedProductIds: row.excluded_product_ids ?? [],
    excludedCategoryIds: row.excluded_category_ids ?? [],
  };
}
