import { ConfigService } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_STORED_CENTS } from '@common/money/money';
import { Env } from '@config/env.schema';
import type { CombinedStatement } from '@infra/database/statements';
import { OutboxService } from '@infra/outbox/outbox.service';
import { CatalogQueries, InventoryService, type PricedLine } from '@modules/catalog';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { CouponLedger } from '@modules/coupons/coupon-ledger';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import type { CouponRow } from '@modules/coupons/persistence/coupons.rows';
import { OrderAmountTooLargeError, OrderCouponRejectedError } from '@modules/orders/domain/orders.errors';
import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';
import type { OrderRow } from '@modules/orders/persistence/orders.rows';
import type { PlacedOrderRefs, PricedOrder } from '@modules/orders/persistence/placed-orders.repository';
import { PlaceOrderCommand } from './place-order.command';
import { PlaceOrderHandler } from './place-order.handler';

/**
 * The place-order handler's rules without a database: the coupon decided before the transaction
 * and again on its locked row (only that decision counts, and only it counts the customer's uses),
 * the use redeemed in the order's statement, pricing from the catalog's lines, and the numeric(12,2)
 * bound. The coupon ledger and the rules it applies are the real ones; the repositories (catalog,
 * coupons, orders, outbox) are fakes of their ports, and the combined statements go to a fake
 * connection that answers one empty row.
 */
describe('PlaceOrderHandler', () => {
  const TENANT = '4f1c2a9e-0000-4000-8000-000000000001';
  const COUPON_ID = '4f1c2a9e-0000-4000-8000-0000000000c1';
  const PLACED: PlacedOrderRefs = { id: '(SELECT id FROM placed)', orderNumber: '(SELECT order_number FROM placed)' };
  const settings: Partial<Env> = { APP_CURRENCY: 'HNL' };
  const config = { get: (key: keyof Env) => settings[key] } as unknown as ConfigService<Env, true>;

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

  function input(fields: Partial<PlaceOrderDto> = {}): PlaceOrderDto {
    return {
      customer_name: 'Ana',
      customer_phone: '+50499998888',
      customer_email: 'Ana@Example.com',
      delivery_type: 'delivery',
      items: [{ product_id: 7, quantity: 2 }],
      ...fields,
    };
  }

  const storedOrder: OrderRow = {
    id: 501,
    order_number: '1001',
    status: 'pending',
    payment_status: 'unpaid',
    paid_at: null,
    customer_name: 'Ana',
    customer_phone: '+50499998888',
    customer_email: 'ana@example.com',
    customer_address: null,
    customer_notes: null,
    delivery_type: 'delivery',
    payment_method: 'cash',
    coupon_code: null,
    location_id: 'loc-1',
    subtotal: '50.00',
    discount_amount: '0.00',
    delivery_fee: '30.00',
    total: '80.00',
    currency: 'HNL',
    created_at: new Date('2025-01-02T00:00:00Z'),
    updated_at: new Date('2025-01-02T00:00:00Z'),
    items: [],
  };

  /**
   * The handler on fakes. `read` is the coupon row the statement before the transaction finds,
   * `locked` the row the transaction's first statement locks (another order may have used the
   * coupon in between); `customerUses` what counting the customer's redemptions answers.
   */
  function setUp(options: {
    lines?: PricedLine[];
    deliveryFee?: number;
    read?: CouponRow | null;
    locked?: CouponRow | null;
    customerUses?: number;
  }) {
    const lines = options.lines ?? [{ productId: 7, name: 'Camisa', price: 2500, quantity: 2, categoryId: null }];
    const connection = (): EntityManager => ({ query: jest.fn().mockResolvedValue([{}]) }) as unknown as EntityManager;
    const outside = connection();
    const transaction = connection();
    const dataSource = {
      manager: outside,
      transaction: jest.fn((work: (manager: EntityManager) => Promise<unknown>) => work(transaction)),
    } as unknown as DataSource;

    const catalog = {
      orderLocationIn: jest.fn(() => () => ({ id: 'loc-1', deliveryFee: options.deliveryFee ?? 3000 })),
      orderLinesIn: jest.fn(() => () => lines),
    };
    const inventory = { lockIn: jest.fn(() => () => ({ locked: 'stock' })), takeIn: jest.fn() };
    const couponRows = {
      readIn: jest.fn(() => () => options.read ?? null),
      lockIn: jest.fn(() => () => options.locked ?? null),
      customerUses: jest.fn().mockResolvedValue(options.customerUses ?? 0),
      redeemIn: jest.fn(),
    };
    const cache = { invalidate: jest.fn().mockResolvedValue(undefined) };
    const ledger = new CouponLedger(couponRows as unknown as CouponsRepository, cache as unknown as CouponCatalogCache);
    const outbox = { recordIn: jest.fn() };
    const orderStatement = { name: 'the order statement' } as unknown as CombinedStatement;
    const events: string[] = [];
    const orders = {
      kept: jest.fn().mockResolvedValue(null),
      insert: jest.fn(
        async (
          _manager: EntityManager,
          _input: PlaceOrderDto,
          _order: PricedOrder,
          addParts: (statement: CombinedStatement, placed: PlacedOrderRefs) => Promise<void>,
        ) => {
          await addParts(orderStatement, PLACED);
          events.push(`order written, cache dropped ${cache.invalidate.mock.calls.length} times`);
          return storedOrder;
        },
      ),
    };
    const handler = new PlaceOrderHandler(
      dataSource,
      config,
      outbox as unknown as OutboxService,
      ledger,
      inventory as unknown as InventoryService,
      catalog as unknown as CatalogQueries,
      orders,
    );
    return { handler, dataSource, outside, transaction, catalog, inventory, couponRows, cache, outbox, orders, orderStatement, events };
  }

  const place = (subject: ReturnType<typeof setUp>, fields: Partial<PlaceOrderDto> = {}, userId: string | null = null) =>
    subject.handler.execute(new PlaceOrderCommand(TENANT, input(fields), userId));

  /** What the handler asked the orders repository to store. */
  const priced = (subject: ReturnType<typeof setUp>): PricedOrder => subject.orders.insert.mock.calls[0][2];

  describe('coupon redemption', () => {
    it('redeems the coupon its locked row accepts, in the order statement, for the customer and the new order', async () => {
      const row = coupon({ usage_limit: 5, times_used: 1 });
      const subject = setUp({ read: row, locked: row });

      await expect(place(subject, { coupon_code: ' save10 ' })).resolves.toMatchObject({ replayed: false, order: { id: 501 } });

      expect(subject.couponRows.readIn).toHaveBeenCalledWith(expect.anything(), TENANT, 'SAVE10');
      expect(subject.couponRows.lockIn).toHaveBeenCalledWith(expect.anything(), TENANT, 'SAVE10', ['products_locked']);
      expect(subject.couponRows.redeemIn).toHaveBeenCalledTimes(1);
      expect(subject.couponRows.redeemIn).toHaveBeenCalledWith(subject.orderStatement, {
        couponId: COUPON_ID,
        tenantId: TENANT,
        orderId: PLACED.id,
        customerKey: 'email:ana@example.com',
      });
      expect(priced(subject)).toMatchObject({ couponCode: 'SAVE10', subtotal: 5000, discount: 500, deliveryFee: 3000, total: 7500 });
      // Uses were left after this one: the public list stays cached.
      expect(subject.cache.invalidate).not.toHaveBeenCalled();
    });

    it('decides again on the locked row: a use limit reached since the first read refuses the order, and nothing is written', async () => {
      const subject = setUp({ read: coupon({ usage_limit: 5, times_used: 4 }), locked: coupon({ usage_limit: 5, times_used: 5 }) });

      const error = await place(subject, { coupon_code: 'SAVE10' }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OrderCouponRejectedError);
      expect(error).toMatchObject({ status: 422, errors: { coupon_code: ['This coupon has reached its usage limit.'] } });
      expect(subject.orders.insert).not.toHaveBeenCalled();
      expect(subject.couponRows.redeemIn).not.toHaveBeenCalled();
      expect(subject.inventory.takeIn).not.toHaveBeenCalled();
    });

    it("counts the customer's earlier uses only on the locked row, in the order's transaction, and refuses past the per-customer limit", async () => {
      const row = coupon({ per_customer_limit: 1 });
      const subject = setUp({ read: row, locked: row, customerUses: 1 });

      const error = await place(subject, { coupon_code: 'SAVE10' }, 'user-9').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OrderCouponRejectedError);
      expect(error).toMatchObject({ status: 422, errors: { coupon_code: ['You have already used this coupon.'] } });
      // The decision before the transaction has no customer (it could not see uses committed later).
      expect(subject.couponRows.customerUses).toHaveBeenCalledTimes(1);
      expect(subject.couponRows.customerUses).toHaveBeenCalledWith(subject.transaction, COUPON_ID, 'user:user-9');
      expect(subject.orders.insert).not.toHaveBeenCalled();
    });

    it('lets the customer below the per-customer limit redeem it under their key', async () => {
      const row = coupon({ per_customer_limit: 2 });
      const subject = setUp({ read: row, locked: row, customerUses: 1 });

      await place(subject, { coupon_code: 'SAVE10' }, 'user-9');

      expect(subject.couponRows.redeemIn).toHaveBeenCalledWith(
        subject.orderStatement,
        expect.objectContaining({ customerKey: 'user:user-9' }),
      );
    });

    it('refuses a code the first read does not find before any lock is taken', async () => {
      const subject = setUp({ read: null, locked: coupon() });

      const error = await place(subject, { coupon_code: 'NOPE' }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 422, errors: { coupon_code: ['This coupon code does not exist.'] } });
      expect(subject.dataSource.transaction).not.toHaveBeenCalled();
      expect(subject.couponRows.lockIn).not.toHaveBeenCalled();
    });

    it('drops the cached public list once the order has committed, when its use was the last one', async () => {
      const row = coupon({ usage_limit: 5, times_used: 4 });
      const subject = setUp({ read: row, locked: row });

      await place(subject, { coupon_code: 'SAVE10' });

      expect(subject.events).toEqual(['order written, cache dropped 0 times']);
      expect(subject.cache.invalidate).toHaveBeenCalledTimes(1);
      expect(subject.cache.invalidate).toHaveBeenCalledWith(TENANT);
    });

    it('reads, locks and redeems no coupon for an order without a code', async () => {
      const subject = setUp({ read: coupon(), locked: coupon() });

      await place(subject);

      expect(subject.couponRows.readIn).not.toHaveBeenCalled();
      expect(subject.couponRows.lockIn).not.toHaveBeenCalled();
      expect(subject.couponRows.redeemIn).not.toHaveBeenCalled();
      expect(priced(subject)).toMatchObject({ couponCode: null, discount: 0 });
    });
  });

  describe('pricing', () => {
    it("stores the amounts order pricing computes from the catalog's lines, the coupon and the delivery", async () => {
      const row = coupon({ coupon_type: 'fixed', value: '7.50' });
      const subject = setUp({
        lines: [
          { productId: 7, name: 'Camisa', price: 2510, quantity: 3, categoryId: null },
          { productId: 9, name: 'Gorra', price: 1, quantity: 1, categoryId: 4 },
        ],
        deliveryFee: 4000,
        read: row,
        locked: row,
      });

      await place(subject, { coupon_code: 'SAVE10' });

      expect(priced(subject)).toMatchObject({
        tenantId: TENANT,
        locationId: 'loc-1',
        currency: 'HNL',
        subtotal: 7531,
        discount: 750,
        deliveryFee: 4000,
        total: 10781,
      });
      expect(priced(subject).lines.map((line) => line.lineTotal)).toEqual([7530, 1]);
    });

    it('charges no delivery fee for a pickup, nor with a free-shipping coupon', async () => {
      const pickup = setUp({});
      await place(pickup, { delivery_type: 'pickup' });
      expect(priced(pickup)).toMatchObject({ subtotal: 5000, deliveryFee: 0, total: 5000 });

      const row = coupon({ coupon_type: 'free_shipping', value: '0.00' });
      const freeShipping = setUp({ read: row, locked: row });
      await place(freeShipping, { coupon_code: 'SAVE10' });
      expect(priced(freeShipping)).toMatchObject({ subtotal: 5000, discount: 0, deliveryFee: 0, total: 5000 });
    });

    it('refuses a line whose total passes numeric(12,2) with a 422 on its quantity, before any lock', async () => {
      const subject = setUp({
        lines: [
          { productId: 7, name: 'Camisa', price: 100, quantity: 1, categoryId: null },
          { productId: 8, name: 'Oro', price: MAX_STORED_CENTS, quantity: 2, categoryId: null },
        ],
      });

      const error = await place(subject).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OrderAmountTooLargeError);
      expect(error).toMatchObject({ status: 422, errors: { 'items.1.quantity': [expect.stringContaining('line total is too large')] } });
      expect(subject.dataSource.transaction).not.toHaveBeenCalled();
    });

    it('refuses the delivery fee that takes the total past numeric(12,2) with a 422 on delivery_type', async () => {
      const subject = setUp({
        lines: [{ productId: 7, name: 'Oro', price: MAX_STORED_CENTS, quantity: 1, categoryId: null }],
        deliveryFee: 1,
      });

      const error = await place(subject).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 422, errors: { delivery_type: [expect.stringContaining('order total is too large')] } });
      expect(subject.orders.insert).not.toHaveBeenCalled();
    });
  });
});
