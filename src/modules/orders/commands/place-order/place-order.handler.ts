import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { centsToDecimal, MAX_STORED_CENTS, toCents } from '@common/money/money';
import { Env } from '@config/env.schema';
import { CombinedStatement, OUTPUTS_ONLY } from '@infra/database/statements';
import { inTransaction } from '@infra/database/transaction';
import { IDEMPOTENCY_KEY_MISMATCH, type IdempotentRequest } from '@infra/idempotency/idempotent-request';
import { OutboxService } from '@infra/outbox/outbox.service';
import { ShopPaymentMethods } from '@modules/accounts';
import { CatalogQueries, InventoryService, PRODUCTS_LOCKED } from '@modules/catalog';
import { type CouponDecision, CouponLedger, customerKey } from '@modules/coupons';
import { OrderPlaced } from '@modules/orders/domain/order-placed.event';
import { NO_DISCOUNT, type OrderDiscount, priceLines, priceOrder } from '@modules/orders/domain/order-pricing';
import { OrderAmountTooLargeError, OrderCouponRejectedError, OrderPriceChangedError } from '@modules/orders/domain/orders.errors';
import { toResource } from '@modules/orders/queries/order.presenter';
import { OrderStatusLinks, type StatusUrlOf } from '@modules/orders/services/order-status-links';
import { PlaceOrderCommand, type PlaceOrderResult } from './place-order.command';
import { type KeptOrder, PlacedOrdersRepository } from '@modules/orders/persistence/placed-orders.repository';

/**
 * Places an order: prices from the catalog, stock taken atomically, the coupon counted, a
 * per-tenant order number, the order's items and first event, and the OrderPlaced outbox row.
 *
 * What needs no lock happens before the transaction, in one statement: the location, the lines
 * priced from the catalog (unknown or inactive products are refused there) and the coupon's
 * rules, so that a rejected order never queues for the shop's hot rows. The transaction is then as
 * short as the work allows, because every order of a shop locks the same rows and its throughput
 * is one over the time they stay locked. It is three round trips: one statement locks the
 * products in id order and then the coupon, which is decided again on its locked row (usage and
 * per-customer limits are only exact there); one statement takes the stock of every line, numbers
 * the order and writes it with its items, its first event, the coupon's use and the OrderPlaced
 * outbox row (each part written by its table's owner, see CombinedStatement); COMMIT, sent right
 * behind that statement without waiting for its answer (a short line refuses the statement
 * inside PostgreSQL, so nothing is left to decide in between). Rows are
 * locked in one global order (products by id, then the coupon, then the tenant's counter), so
 * concurrent orders queue instead of deadlocking, and stock, coupon limits and numbering hold
 * however many arrive at once. Another write of the order's transaction joins it as one more part
 * of the order's statement, or as one more statement after it.
 *
 * It answers the order as the transaction wrote it (the inserted rows, through the presenter every
 * read uses), so the caller's 201 needs nothing after the commit that could fail: an order is never
 * committed while its caller is told 500 (decisions §13).
 *
 * An order placed with an Idempotency-Key keeps the key in its own statement (decisions §15), so
 * the key-value store's record of it is only a cache: a retry whose record was lost (a Redis
 * flush) finds the order by its key before anything else and is answered with it (the same
 * request: same body, same shopper) or refused with a 422 that says nothing of it (anything else).
 * A retry that finds the store's claim still running (the first request is still at work, could
 * not keep its answer, or died) is answered from the order too when it committed, and otherwise
 * places it itself. Concurrent requests with the key that reach this point race to the key's
 * primary key: one order commits, and each of the others, its transaction rolled back, answers from
 * that order. So a key is never refused with 409, with or without the store
 * (docs/operations.md, "Orders without Redis").
 *
 * Every amount is checked against numeric(12,2) before it is written: too large is a 422 on the
 * field that made it so, never a failed statement (decisions §15).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlaceOrderResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly outbox: OutboxService,
    private readonly coupons: CouponLedger,
    private readonly inventory: InventoryService,
    private readonly catalog: CatalogQueries,
    private readonly orders: PlacedOrdersRepository,
    private readonly paymentMethods: ShopPaymentMethods,
    private readonly links: OrderStatusLinks,
  ) {}

  async execute(command: PlaceOrderCommand): Promise<PlaceOrderResult> {
    const { tenantId, idempotency } = command;
    if (idempotency) {
      const kept = await this.orders.kept(this.dataSource.manager, tenantId, idempotency.key);
      if (kept) return this.replay(kept, idempotency, await this.links.forTenant(tenantId, command.tenantSlug));
      // A store's claim held by another request (still running, or whose answer was lost) does not
      // stop this one: the key's primary key lets one order commit, and the other request answers
      // from it (below), so a lost claim never blocks its key.
    }
    try {
      return { order: await this.place(command), replayed: false };
    } catch (error) {
      // Lost the race to another request with the key (a unique violation, or a refusal because
      // that order took the stock): answer from the order that won, if there is one.
      const kept = idempotency ? await this.orders.kept(this.dataSource.manager, tenantId, idempotency.key).catch(() => null) : null;
      if (kept && idempotency) return this.replay(kept, idempotency, await this.links.forTenant(tenantId, command.tenantSlug));
      throw error;
    }
  }

  /** The kept order to the request that placed it (same fingerprint), a 422 naming only the key to any other. */
  private replay(kept: KeptOrder, idempotency: IdempotentRequest, statusUrl: StatusUrlOf): PlaceOrderResult {
    if (kept.fingerprint !== idempotency.fingerprint) throw ValidationFailedError.field(idempotency.field, IDEMPOTENCY_KEY_MISMATCH);
    return { order: toResource(kept.order, statusUrl(kept.order)), replayed: true };
  }

  private async place(command: PlaceOrderCommand) {
    const { tenantId, input, userId, idempotency } = command;
    const currency = this.config.get('APP_CURRENCY', { infer: true });
    const customer = customerKey(userId, input.customer_email, input.customer_phone);
    // Before the transaction: the answer is written from the committed order and nothing read after.
    const statusUrl = await this.links.forTenant(tenantId, command.tenantSlug);

    // Before the transaction, in one statement: nothing here is locked, and each refusal is a 422
    // that costs no lock (the location's first, then the payment method's, the lines', the coupon's).
    const reads = new CombinedStatement();
    const orderLocation = this.catalog.orderLocationIn(reads, tenantId, input.location_id);
    this.paymentMethods.requireAcceptedIn(reads, tenantId, input.payment_method);
    const orderLines = this.catalog.orderLinesIn(reads, tenantId, input.items);
    const couponRow = input.coupon_code ? this.coupons.readIn(reads, tenantId, input.coupon_code) : null;
    await reads.run(this.dataSource.manager, OUTPUTS_ONLY);
    const location = orderLocation();
    // Pricing is domain/order-pricing.ts; the statements below store its results as they are.
    const { lines, subtotal } = priceLines(orderLines());
    lines.forEach((line, index) => {
      if (line.lineTotal > MAX_STORED_CENTS) throw new OrderAmountTooLargeError(`items.${index}.quantity`, 'line total');
    });
    if (subtotal > MAX_STORED_CENTS) throw new OrderAmountTooLargeError('items', 'order total');
    const items = lines.map((line) => ({ productId: line.productId, categoryId: line.categoryId }));
    // Every rule but the usage limits, which are decided again on the locked row below.
    if (input.coupon_code && couponRow) {
      this.accepted(
        await this.coupons.decideOn(this.dataSource.manager, input.coupon_code, couponRow(), { subtotal, customerKey: null, items }),
      );
    }

    return inTransaction(this.dataSource, async (manager) => {
      // The first statement takes every lock but the counter's, in the global order: products by
      // id, then the coupon (CombinedStatement.after makes its lock wait for the products').
      const locks = new CombinedStatement();
      const stock = this.inventory.lockIn(locks, tenantId, input.items);
      const lockedCoupon = input.coupon_code ? this.coupons.lockIn(locks, tenantId, input.coupon_code, [PRODUCTS_LOCKED]) : null;
      await locks.run(manager, OUTPUTS_ONLY);
      const applied =
        input.coupon_code && lockedCoupon
          ? this.accepted(
              await this.coupons.decideOn(manager, input.coupon_code, lockedCoupon(), { subtotal, customerKey: customer, items }),
            )
          : NO_COUPON;
      const price = priceOrder(subtotal, applied, { type: input.delivery_type, fee: location.deliveryFee });
      // Only the fee can take it beyond: the subtotal fits, and a discount only lowers it.
      if (price.total > MAX_STORED_CENTS) throw new OrderAmountTooLargeError('delivery_type', 'order total');
      // The total the shopper saw is the one charged (docs/commerce.md, "The price seen is the price
      // paid"): compared with the very amounts the next statement writes, before it takes any stock
      // or coupon use, so a refusal leaves nothing behind (the transaction rolls back with no write).
      if (input.expected_total !== undefined && toCents(input.expected_total) !== price.total)
        throw new OrderPriceChangedError(price.total);

      const priced = {
        tenantId,
        userId,
        couponCode: applied.code,
        location: { id: location.id, name: location.name, address: location.address },
        lines,
        currency,
        idempotency: idempotency && { key: idempotency.key, fingerprint: idempotency.fingerprint },
      };
      const order = await this.orders.insert(
        manager,
        input,
        { ...priced, ...price },
        // The stock, the coupon's use and the outbox row join the order's statement: no round trip of
        // their own. Taking the stock converts the checkout session's hold, if any, into this order.
        async (statement, placed) => {
          this.inventory.takeIn(statement, tenantId, stock(), { sessionId: input.session_id ?? null });
          if (applied.decision) {
            await this.coupons.redeemIn(manager, statement, {
              decision: applied.decision,
              tenantId,
              orderId: placed.id,
              customerKey: customer,
            });
          }
          this.outbox.recordIn(manager, statement, {
            type: OrderPlaced,
            tenantId,
            known: { customer_name: input.customer_name, total: centsToDecimal(price.total), currency },
            computed: { order_id: placed.id, order_number: placed.orderNumber },
          });
        },
        // The last statement: its COMMIT goes right behind it, releasing the shop's hot rows a turn
        // of the event loop earlier (a short line refuses the statement inside PostgreSQL).
        { commit: true },
      );
      return toResource(order, statusUrl(order));
    });
  }

  /** The coupon a decision applies, or the order's 422 with the decision's sentence. */
  private accepted(decision: CouponDecision): AppliedCoupon {
    if (!decision.verdict.valid) throw new OrderCouponRejectedError(decision.verdict.error);
    return {
      decision,
      code: decision.code,
      discount: decision.verdict.discount,
      freeShipping: decision.verdict.freeShipping,
    };
  }
}

interface AppliedCoupon extends OrderDiscount {
  decision: CouponDecision | null;
  code: string | null;
}

const NO_COUPON: AppliedCoupon = { decision: null, code: null, ...NO_DISCOUNT };
