import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Cents } from '@common/money/money';
import { afterCommit } from '@infra/database/transaction';
import { CouponCatalogCache } from './coupon-catalog.cache';
import { CouponEvaluation, evaluateCoupon, normalizeCouponCode } from './domain/coupon-evaluation';
import { COUPON_COLUMNS, CouponRow, toCouponRules } from './domain/coupon-row';

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
 * redemption. Order placement decides under the coupon row's lock, held until its transaction
 * ends: that is what makes a usage limit of N give exactly N orders under concurrency.
 */
@Injectable()
export class CouponLedger {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogCache: CouponCatalogCache,
  ) {}

  /** A read-only decision (verify, checkout). */
  decide(tenantId: string, rawCode: string, check: CouponCheck): Promise<CouponDecision> {
    return this.load(this.dataSource.manager, tenantId, rawCode, check, '');
  }

  /** The decision of an order, in its transaction, with the coupon row locked until it ends. */
  decideLocked(manager: EntityManager, tenantId: string, rawCode: string, check: CouponCheck): Promise<CouponDecision> {
    return this.load(manager, tenantId, rawCode, check, 'FOR UPDATE');
  }

  private async load(
    db: EntityManager,
    tenantId: string,
    rawCode: string,
    check: CouponCheck,
    lock: '' | 'FOR UPDATE',
  ): Promise<CouponDecision> {
    const code = normalizeCouponCode(rawCode);
    const rows: CouponRow[] = await db.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND code = $2 ${lock}`, [
      tenantId,
      code,
    ]);
    const row = rows[0] ?? null;
    let customerUses: number | undefined;
    // Only a per-customer limit needs the customer's uses (evaluateCoupon reads them for nothing else).
    if (row && row.per_customer_limit !== null && check.customerKey) {
      const counted: Array<{ count: string }> = await db.query(
        'SELECT count(*) FROM coupon_redemptions WHERE coupon_id = $1 AND customer_key = $2',
        [row.id, check.customerKey],
      );
      customerUses = Number(counted[0].count);
    }
    const verdict = evaluateCoupon(row && toCouponRules(row), {
      subtotal: check.subtotal,
      now: new Date(),
      customerUses,
      items: check.items,
    });
    return { couponId: row?.id ?? null, code, verdict };
  }

  /**
   * Counts one use, in the order's transaction (after `decideLocked`), in one statement: the
   * coupon's times_used and the redemption row. Safe under concurrency because `decideLocked`
   * already holds the coupon's row lock, so the increment waits for nobody and the decision it
   * follows still stands. A use that exhausts the coupon takes it off the public list: that cache
   * is dropped once the order has committed.
   */
  async redeem(
    manager: EntityManager,
    use: { couponId: string; tenantId: string; orderId: number; customerKey: string | null },
  ): Promise<void> {
    const [updated]: Array<{ exhausted: boolean }> = await manager.query(
      `WITH used AS (
         UPDATE coupons SET times_used = times_used + 1, updated_at = now() WHERE id = $1
         RETURNING id, (usage_limit IS NOT NULL AND times_used >= usage_limit) AS exhausted
       ), redeemed AS (
         INSERT INTO coupon_redemptions (coupon_id, tenant_id, order_id, customer_key) SELECT id, $2::uuid, $3::int, $4::varchar FROM used
       )
       SELECT exhausted FROM used`,
      [use.couponId, use.tenantId, use.orderId, use.customerKey ?? `order:${use.orderId}`],
    );
    if (updated.exhausted) await afterCommit(manager, () => this.catalogCache.invalidate(use.tenantId));
  }
}
