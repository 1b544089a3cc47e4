import { DataSource, EntityManager } from 'typeorm';
import type { CombinedStatement } from '@infra/database/statements';
import { inTransaction } from '@infra/database/transaction';
import { CouponCatalogCache } from './coupon-catalog.cache';
import { CouponLedger } from './coupon-ledger';
import { CouponsRepository } from './persistence/coupons.repository';
import type { CouponRow } from './persistence/coupons.rows';

/**
 * The coupon ledger's part of a redemption, on a fake of the coupons repository: the decision on a
 * locked row counts the customer's earlier uses (in the order's transaction) only when a customer
 * is named, the use is added to the order's statement, and the use that exhausts a coupon drops
 * the public list's cache once the order has committed. (The place-order handler's part:
 * orders/commands/place-order/place-order.handler.spec.ts.)
 */
describe('CouponLedger (redemption)', () => {
  const TENANT = '4f1c2a9e-0000-4000-8000-000000000001';
  const COUPON_ID = '4f1c2a9e-0000-4000-8000-0000000000c1';
  const statement = { name: 'the order statement' } as unknown as CombinedStatement;

  function coupon(fields: Partial<CouponRow> = {}): CouponRow {
    return {
      id: COUPON_ID,
      code: 'SAVE10',
      coupon_type: 'percentage',
      value: '10.00',
      min_spend: null,
      max_discount: null,
      starts_at: null,
      expires_at: null,
      usage_limit: null,
      times_used: 0,
      per_customer_limit: null,
      is_active: true,
      is_public: false,
      excluded_product_ids: [],
      excluded_category_ids: [],
      created_at: new Date('2025-01-01T00:00:00Z'),
      updated_at: new Date('2025-01-01T00:00:00Z'),
      ...fields,
    };
  }

  function setUp(customerUses = 0) {
    const rows = { customerUses: jest.fn().mockResolvedValue(customerUses), redeemIn: jest.fn() };
    const cache = { invalidate: jest.fn().mockResolvedValue(undefined) };
    const ledger = new CouponLedger(rows as unknown as CouponsRepository, cache as unknown as CouponCatalogCache);
    const manager = {} as EntityManager;
    const dataSource = { manager, transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
    return { ledger, rows, cache, manager, dataSource };
  }

  it("decides on the locked row with the customer's earlier uses, counted in the order's transaction", async () => {
    const { ledger, rows, manager } = setUp(1);

    const refused = await ledger.decideOn(manager, ' save10 ', coupon({ per_customer_limit: 1 }), {
      subtotal: 5000,
      customerKey: 'user:9',
    });
    const allowed = await ledger.decideOn(manager, 'SAVE10', coupon({ per_customer_limit: 2 }), { subtotal: 5000, customerKey: 'user:9' });

    expect(refused).toMatchObject({ code: 'SAVE10', verdict: { valid: false, errorCode: 'already_used' } });
    expect(allowed).toMatchObject({ couponId: COUPON_ID, verdict: { valid: true, discount: 500 } });
    expect(rows.customerUses).toHaveBeenCalledWith(manager, COUPON_ID, 'user:9');
  });

  it('counts no uses without a customer (the decision before the lock) or without a per-customer limit', async () => {
    const { ledger, rows, manager } = setUp(5);

    await expect(
      ledger.decideOn(manager, 'SAVE10', coupon({ per_customer_limit: 1 }), { subtotal: 5000, customerKey: null }),
    ).resolves.toMatchObject({
      verdict: { valid: true },
    });
    await ledger.decideOn(manager, 'SAVE10', coupon(), { subtotal: 5000, customerKey: 'user:9' });

    expect(rows.customerUses).not.toHaveBeenCalled();
  });

  it('refuses on the locked row a coupon whose uses ran out, with the uses left it saw', async () => {
    const { ledger, manager } = setUp();

    const decision = await ledger.decideOn(manager, 'SAVE10', coupon({ usage_limit: 5, times_used: 5 }), {
      subtotal: 5000,
      customerKey: null,
    });

    expect(decision).toMatchObject({ usesLeft: 0, verdict: { valid: false, errorCode: 'usage_limit' } });
  });

  it("adds the use to the order's statement, for the order and the customer", async () => {
    const { ledger, rows, cache, manager, dataSource } = setUp();
    const decision = await ledger.decideOn(manager, 'SAVE10', coupon({ usage_limit: 5, times_used: 1 }), {
      subtotal: 5000,
      customerKey: null,
    });

    await inTransaction(dataSource, (m) =>
      ledger.redeemIn(m, statement, { decision, tenantId: TENANT, orderId: '(SELECT id FROM placed)', customerKey: 'user:9' }),
    );

    expect(rows.redeemIn).toHaveBeenCalledWith(statement, {
      couponId: COUPON_ID,
      tenantId: TENANT,
      orderId: '(SELECT id FROM placed)',
      customerKey: 'user:9',
    });
    expect(cache.invalidate).not.toHaveBeenCalled();
  });

  it('drops the cached public list once the order has committed, when its use was the last one', async () => {
    const { ledger, cache, manager, dataSource } = setUp();
    const decision = await ledger.decideOn(manager, 'SAVE10', coupon({ usage_limit: 5, times_used: 4 }), {
      subtotal: 5000,
      customerKey: null,
    });
    let droppedBeforeCommit: number | undefined;

    await inTransaction(dataSource, async (m) => {
      await ledger.redeemIn(m, statement, { decision, tenantId: TENANT, orderId: '(SELECT id FROM placed)', customerKey: null });
      droppedBeforeCommit = cache.invalidate.mock.calls.length;
    });

    expect(droppedBeforeCommit).toBe(0);
    expect(cache.invalidate).toHaveBeenCalledTimes(1);
    expect(cache.invalidate).toHaveBeenCalledWith(TENANT);
  });
});
