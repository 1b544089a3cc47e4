import { ConfigService } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_STORED_CENTS } from '@common/money/money';
import { Env } from '@config/env.schema';
import type { CombinedStatement } from '@infra/database/statements';
import { OutboxService } from '@infra/outbox/outbox.service';
import type { OrderStatusLinks } from '@modules/orders/services/order-status-links';
import type { ShopPaymentMethods } from '@modules/accounts';
import { CatalogQueries, InventoryService, type PricedLine } from '@modules/catalog';
import type { CouponDecision, CouponLedger } from '@modules/coupons';
import { OrderAmountTooLargeError, OrderCouponRejectedError, OrderPriceChangedError } from '@modules/orders/domain/orders.errors';
import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';
import type { OrderRow } from '@modules/orders/persistence/orders.rows';
import type { PlacedOrderRefs, PricedOrder } from '@modules/orders/persistence/placed-orders.repository';
import { PlaceOrderCommand } from './place-order.command';
import { PlaceOrderHandler } from './place-order.handler';

/**
 * The place-order handler's rules without a database: the coupon decided before the transaction
 * (no customer, no lock) and again on its locked row (only that decision counts: its discount, its
 * refusal, the customer's limits), its use redeemed in the order's statement, pricing from the
 * catalog's lines, and the numeric(12,2) bound. The coupon ledger, the catalog, the inventory, the
 * outbox and the orders repository are fakes of the ports the handler uses; the combined
 * statements go to a fake connection that answers one empty row. (How a coupon is evaluated is
 * coupons' own rule: coupon-evaluation.spec.ts.)
 */
describe('PlaceOrderHandler', () => {
  const TENANT = '4f1c2a9e-0000-4000-8000-000000000001';
  const PLACED: PlacedOrderRefs = { id: '(SELECT id FROM placed)', orderNumber: '(SELECT order_number FROM placed)' };
  const settings: Partial<Env> = { APP_CURRENCY: 'HNL' };
  const config = { get: (key: keyof Env) => settings[key] } as unknown as ConfigService<Env, true>;
  /** The coupon rows the two statements give back, as the ledger hands them over (opaque here). */
  const READ_ROW = { row: 'read before the transaction' };
  const LOCKED_ROW = { row: 'locked in the transaction' };

  const accepted = (discount: number, freeShipping = false): CouponDecision => ({
    couponId: 'coupon-1',
    code: 'SAVE10',
    verdict: { valid: true, discount, couponType: freeShipping ? 'free_shipping' : 'percentage', freeShipping },
    usesLeft: null,
  });
  const refused = (error: string): CouponDecision => ({
    couponId: 'coupon-1',
    code: 'SAVE10',
    verdict: { valid: false, errorCode: 'usage_limit', error },
    usesLeft: 0,
  });

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
    location_name: 'Centro',
    location_address: 'Calle 1',
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
   * The handler on fakes. `early` is the ledger's decision on the row read before the
   * transaction, `locked` its decision on the row the transaction locked (another order may have
   * used the coupon in between).
   */
  function setUp(options: { lines?: PricedLine[]; deliveryFee?: number; early?: CouponDecision; locked?: CouponDecision }) {
    const lines = options.lines ?? [{ productId: 7, name: 'Camisa', price: 2500, quantity: 2, categoryId: null }];
    const connection = (): EntityManager => ({ query: jest.fn().mockResolvedValue([{}]) }) as unknown as EntityManager;
    const outside = connection();
    const transaction = connection();
    const dataSource = {
      manager: outside,
      transaction: jest.fn((work: (manager: EntityManager) => Promise<unknown>) => work(transaction)),
    } as unknown as DataSource;

    const catalog = {
      orderLocationIn: jest.fn(() => () => ({ id: 'loc-1', name: 'Centro', address: 'Calle 1', deliveryFee: options.deliveryFee ?? 3000 })),
      orderLinesIn: jest.fn(() => () => lines),
    };
    const inventory = { lockIn: jest.fn(() => () => ({ locked: 'stock' })), takeIn: jest.fn() };
    const coupons = {
      readIn: jest.fn(() => () => READ_ROW),
      lockIn: jest.fn(() => () => LOCKED_ROW),
      decideOn: jest.fn((_manager: EntityManager, _code: string, row: unknown) =>
        Promise.resolve(row === LOCKED_ROW ? (options.locked ?? accepted(0)) : (options.early ?? accepted(0))),
      ),
      redeemIn: jest.fn().mockResolvedValue(undefined),
    };
    const outbox = { recordIn: jest.fn() };
    const orderStatement = { name: 'the order statement' } as unknown as CombinedStatement;
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
          return storedOrder;
        },
      ),
    };
    const handler = new PlaceOrderHandler(
      dataSource,
      config,
      outbox as unknown as OutboxService,
      coupons as unknown as CouponLedger,
      inventory as unknown as InventoryService,
      catalog as unknown as CatalogQueries,
      orders,
      { requireAcceptedIn: jest.fn() } as unknown as ShopPaymentMethods,
      { forTenant: () => Promise.resolve(() => 'https://shop.example.test/s/shop/orders/1?token=t') } as unknown as OrderStatusLinks,
    );
    return { handler, dataSource, outside, transaction, inventory, coupons, outbox, orders, orderStatement };
  }

  const place = (subject: ReturnType<typeof setUp>, fields: Partial<PlaceOrderDto> = {}, userId: string | null = null) =>
    subject.handler.execute(new PlaceOrderCommand(TENANT, input(fields), userId));

  /** What the handler asked the orders repository to store. */
  const priced = (subject: ReturnType<typeof setUp>): PricedOrder => subject.orders.insert.mock.calls[0][2];

  describe('expected_total', () => {
    it('places the order when the total the shopper saw is the one the locked coupon and the fee give', async () => {
      const subject = setUp({ locked: accepted(400) });

      await expect(place(subject, { coupon_code: 'SAVE10', expected_total: 76 })).resolves.toMatchObject({ replayed: false });

      expect(priced(subject)).toMatchObject({ total: 7600 });
    });

    it('refuses with 409 price_changed and the current total, before the statement that takes stock and the coupon', async () => {
      const subject = setUp({ locked: accepted(400) });

      const error = await place(subject, { coupon_code: 'SAVE10', expected_total: 80 }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OrderPriceChangedError);
      expect(error).toMatchObject({ status: 409, code: 'price_changed', body: { total: 76 } });
      expect(subject.orders.insert).not.toHaveBeenCalled();
      expect(subject.inventory.takeIn).not.toHaveBeenCalled();
      expect(subject.coupons.redeemIn).not.toHaveBeenCalled();
    });
  });

  describe('coupon redemption', () => {
    it('redeems the coupon as its locked row decides, in the order statement, for the customer and the new order', async () => {
      const locked = accepted(400);
      const subject = setUp({ early: accepted(500), locked });

      await expect(place(subject, { coupon_code: ' save10 ' })).resolves.toMatchObject({ replayed: false, order: { id: 501 } });

      const items = [{ productId: 7, categoryId: null }];
      expect(subject.coupons.readIn).toHaveBeenCalledWith(expect.anything(), TENANT, ' save10 ');
      expect(subject.coupons.lockIn).toHaveBeenCalledWith(expect.anything(), TENANT, ' save10 ', ['products_locked']);
      // Before the transaction: no customer, whose uses only a statement after the lock sees.
      expect(subject.coupons.decideOn).toHaveBeenNthCalledWith(1, subject.outside, ' save10 ', READ_ROW, {
        subtotal: 5000,
        customerKey: null,
        items,
      });
      expect(subject.coupons.decideOn).toHaveBeenNthCalledWith(2, subject.transaction, ' save10 ', LOCKED_ROW, {
        subtotal: 5000,
        customerKey: 'email:ana@example.com',
        items,
      });
      expect(subject.coupons.redeemIn).toHaveBeenCalledTimes(1);
      expect(subject.coupons.redeemIn).toHaveBeenCalledWith(subject.transaction, subject.orderStatement, {
        decision: locked,
        tenantId: TENANT,
        orderId: PLACED.id,
        customerKey: 'email:ana@example.com',
      });
      // The locked row's discount, not the early one's.
      expect(priced(subject)).toMatchObject({ couponCode: 'SAVE10', subtotal: 5000, discount: 400, deliveryFee: 3000, total: 7600 });
    });

    it('counts the signed-in shopper as the customer, whatever email the order gives', async () => {
      const subject = setUp({});

      await place(subject, { coupon_code: 'SAVE10' }, 'user-9');

      expect(subject.coupons.decideOn).toHaveBeenNthCalledWith(
        2,
        subject.transaction,
        'SAVE10',
        LOCKED_ROW,
        expect.objectContaining({ customerKey: 'user:user-9' }),
      );
      expect(subject.coupons.redeemIn).toHaveBeenCalledWith(
        subject.transaction,
        subject.orderStatement,
        expect.objectContaining({ customerKey: 'user:user-9' }),
      );
    });

    it('refuses the order with 422 on coupon_code when the locked row refuses (a limit reached since the first read), and writes nothing', async () => {
      const subject = setUp({ early: accepted(500), locked: refused('This coupon has reached its usage limit.') });

      const error = await place(subject, { coupon_code: 'SAVE10' }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OrderCouponRejectedError);
      expect(error).toMatchObject({ status: 422, errors: { coupon_code: ['This coupon has reached its usage limit.'] } });
      expect(subject.orders.insert).not.toHaveBeenCalled();
      expect(subject.coupons.redeemIn).not.toHaveBeenCalled();
      expect(subject.inventory.takeIn).not.toHaveBeenCalled();
    });

    it('refuses a code the first decision refuses before any lock is taken', async () => {
      const subject = setUp({ early: refused('This coupon code does not exist.') });

      const error = await place(subject, { coupon_code: 'NOPE' }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 422, errors: { coupon_code: ['This coupon code does not exist.'] } });
      expect(subject.dataSource.transaction).not.toHaveBeenCalled();
      expect(subject.coupons.lockIn).not.toHaveBeenCalled();
      expect(subject.inventory.lockIn).not.toHaveBeenCalled();
    });

    it('reads, locks, decides and redeems no coupon for an order without a code', async () => {
      const subject = setUp({});

      await place(subject);

      expect(subject.coupons.readIn).not.toHaveBeenCalled();
      expect(subject.coupons.lockIn).not.toHaveBeenCalled();
      expect(subject.coupons.decideOn).not.toHaveBeenCalled();
      expect(subject.coupons.redeemIn).not.toHaveBeenCalled();
      expect(priced(subject)).toMatchObject({ couponCode: null, discount: 0, total: 8000 });
    });
  });

  describe('pricing', () => {
    it("stores the amounts order pricing computes from the catalog's lines, the coupon and the delivery", async () => {
      const subject = setUp({
        lines: [
          { productId: 7, name: 'Camisa', price: 2510, quantity: 3, categoryId: null },
          { productId: 9, name: 'Gorra', price: 1, quantity: 1, categoryId: 4 },
        ],
        deliveryFee: 4000,
        locked: accepted(750),
      });

      await place(subject, { coupon_code: 'SAVE10' });

      expect(priced(subject)).toMatchObject({
        tenantId: TENANT,
        location: { id: 'loc-1', name: 'Centro', address: 'Calle 1' },
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

      const freeShipping = setUp({ locked: accepted(0, true) });
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
