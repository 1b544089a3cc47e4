import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Cents } from '@common/money/money';
import type { CombinedStatement, StatementPart } from '@infra/database/statements';
import { afterCommit } from '@infra/database/transaction';
import { CouponCatalogCache } from './coupon-catalog.cache';
import { CouponEvaluation, evaluateCoupon, normalizeCouponCode } from './domain/coupon-evaluation';
import { CouponsRepository } from './persistence/coupons.repository';
import { CouponRow, toCouponRules } from './persistence/coupons.rows';

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
  /** Uses left before this one (null: no usage limit). Exact only on a locked row. */
  usesLeft: number | null;
}

/**
 * Loads a coupon's rules and usage and decides (verify, checkout, order placement), and records a
 * redemption. Order placement decides under the coupon row's lock, held until its transaction
 * ends: that is what makes a usage limit of N give exactly N orders under concurrency.
 */
@Injectable()
export class CouponLedger {
  constructor(
    private readonly coupons: CouponsRepository,
    private readonly catalogCache: CouponCatalogCache,
  ) {}

  /** A read-only decision (verify, checkout). */
  decide(tenantId: string, rawCode: string, check: CouponCheck): Promise<CouponDecision> {
    return this.load(tenantId, rawCode, check);
  }

  /**
   * Locks an order's coupon (by its code) as a part of `statement`, after the parts `after` (the
   * products, catalog's PRODUCTS_LOCKED: the global lock order is products, then the coupon); `decideOn`
   * then decides on the locked row. The row stays locked until the transaction ends: that is what
   * makes a usage limit of N give exactly N orders under concurrency.
   */
  lockIn(statement: CombinedStatement, tenantId: string, rawCode: string, after: readonly StatementPart[]): () => CouponRow | null {
    return this.coupons.lockIn(statement, tenantId, normalizeCouponCode(rawCode), after);
  }

  /** Reads a coupon's row as a part of `statement`, without a lock, for an early `decideOn` (an order's, before its transaction). */
  readIn(statement: CombinedStatement, tenantId: string, rawCode: string): () => CouponRow | null {
    return this.coupons.readIn(statement, tenantId, normalizeCouponCode(rawCode));
  }

  /**
   * The decision on a row `readIn` read or `lockIn` locked. With a customer and a per-customer
   * limit, the customer's earlier uses are counted here, in a statement of their own: in an
   * order's transaction, only a statement that starts once the coupon is locked sees every
   * committed use.
   */
  decideOn(manager: EntityManager, rawCode: string, row: CouponRow | null, check: CouponCheck): Promise<CouponDecision> {
    return this.decideRow(manager, normalizeCouponCode(rawCode), row, check);
  }

  private async load(tenantId: string, rawCode: string, check: CouponCheck): Promise<CouponDecision> {
    const code = normalizeCouponCode(rawCode);
    const row = await this.coupons.findByCode(tenantId, code);
    return this.decideRow(null, code, row, check);
  }

  private async decideRow(db: EntityManager | null, code: string, row: CouponRow | null, check: CouponCheck): Promise<CouponDecision> {
    let customerUses: number | undefined;
    // Only a per-customer limit needs the customer's uses (evaluateCoupon reads them for nothing else).
    if (row && row.per_customer_limit !== null && check.customerKey) {
      customerUses = await this.coupons.customerUses(db, row.id, check.customerKey);
    }
    const verdict = evaluateCoupon(row && toCouponRules(row), {
      subtotal: check.subtotal,
      now: new Date(),
      customerUses,
      items: check.items,
    });
    const usesLeft = row && row.usage_limit !== null ? row.usage_limit - row.times_used : null;
    return { couponId: row?.id ?? null, code, verdict, usesLeft };
  }

  /**
   * Counts one use of a coupon that `decideOn` accepted on its locked row, as a part of the order's `statement`
   * (`orderId`: the SQL giving the order's id there): the coupon's times_used and the redemption
   * row. Safe in a shared statement: `lockIn` already holds the coupon's row lock, so the
   * increment waits for nobody and reads nothing another part writes, and the decision it follows
   * still stands. A use that exhausts the coupon takes it off the public list: that cache is
   * dropped once the order has committed.
   */
  async redeemIn(
    manager: EntityManager,
    statement: CombinedStatement,
    use: { decision: CouponDecision; tenantId: string; orderId: string; customerKey: string | null },
  ): Promise<void> {
    this.coupons.redeemIn(statement, {
      couponId: use.decision.couponId,
      tenantId: use.tenantId,
      orderId: use.orderId,
      customerKey: use.customerKey,
    });
    if (use.decision.usesLeft === 1) await afterCommit(manager, () => this.catalogCache.invalidate(use.tenantId));
  }
}
