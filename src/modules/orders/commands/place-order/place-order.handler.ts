import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { Cents, centsToDecimal, toCents } from '@common/money/money';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { CouponLedgerService } from '@modules/coupons/coupon-ledger.service';
import { CouponCatalogCache } from '@modules/coupons/public-catalog/coupon-catalog.cache';
import { customerKey } from '@modules/orders/domain/customer-key';
import { OrderPlaced } from '@modules/orders/domain/order-placed.event';
import type { OrderItemDto } from '@modules/orders/dto/place-order.dto';
import { PlaceOrderCommand } from './place-order.command';

interface ProductRow {
  id: number;
  name: string;
  price: string;
  stock: number | null;
  category_id: number | null;
  is_active: boolean;
}

interface PricedLine {
  productId: number;
  name: string;
  price: Cents;
  quantity: number;
  categoryId: number | null;
}

const FIRST_ORDER_NUMBER = 1001;

/**
 * Places an order in one transaction: prices from the catalog, stock taken atomically, the coupon
 * counted, a per-tenant order number, the order's items and first event, and the OrderPlaced
 * outbox row. Rows are locked in one global order (products by id, then the coupon, then the
 * tenant's counter), so concurrent orders queue instead of deadlocking, and stock, coupon limits
 * and numbering hold however many arrive at once.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, number> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly outbox: OutboxService,
    private readonly coupons: CouponLedgerService,
    private readonly couponCatalog: CouponCatalogCache,
  ) {}

  async execute({ tenantId, input, userId }: PlaceOrderCommand): Promise<number> {
    const currency = this.config.get('APP_CURRENCY', { infer: true });
    const customer = customerKey(userId, input.customer_email, input.customer_phone);

    let couponExhausted = false;
    const orderId = await inTransaction(this.dataSource, async (manager) => {
      const location = await this.location(manager, tenantId, input.location_id);
      const lines = await this.takeStock(manager, tenantId, input.items, input.session_id ?? null);
      const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

      let discount = 0;
      let freeShipping = false;
      let coupon: { id: string; code: string } | null = null;
      if (input.coupon_code) {
        const decision = await this.coupons.decide(
          tenantId,
          input.coupon_code,
          { subtotal, customerKey: customer, items: lines.map((line) => ({ productId: line.productId, categoryId: line.categoryId })) },
          manager,
          true,
        );
        if (!decision.verdict.valid) throw ValidationFailedError.field('coupon_code', decision.verdict.error);
        coupon = { id: decision.couponId!, code: decision.code };
        discount = decision.verdict.discount;
        freeShipping = decision.verdict.freeShipping;
      }
      const deliveryFee = input.delivery_type === 'delivery' && !freeShipping ? toCents(location.delivery_fee) : 0;
      const total = subtotal - discount + deliveryFee;
      const orderNumber = String(await this.nextOrderNumber(manager, tenantId));

      const [order]: Array<{ id: number }> = await manager.query(
        `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, customer_address,
                             customer_notes, delivery_type, payment_method, coupon_code, location_id, user_id,
                             subtotal, discount_amount, delivery_fee, total, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         RETURNING id`,
        [
          tenantId,
          orderNumber,
          input.customer_name,
          input.customer_phone,
          input.customer_email?.toLowerCase() ?? null,
          input.customer_address ?? null,
          input.customer_notes ?? null,
          input.delivery_type,
          input.payment_method ?? 'pending',
          coupon ? coupon.code : null,
          location.id,
          userId,
          centsToDecimal(subtotal),
          centsToDecimal(discount),
          centsToDecimal(deliveryFee),
          centsToDecimal(total),
          currency,
        ],
      );
      await manager.query(
        `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
         SELECT $1, * FROM unnest($2::int[], $3::varchar[], $4::numeric[], $5::int[], $6::numeric[])`,
        [
          order.id,
          lines.map((line) => line.productId),
          lines.map((line) => line.name),
          lines.map((line) => centsToDecimal(line.price)),
          lines.map((line) => line.quantity),
          lines.map((line) => centsToDecimal(line.price * line.quantity)),
        ],
      );
      await manager.query(
        `INSERT INTO order_events (order_id, tenant_id, event, to_status, user_id) VALUES ($1, $2, 'created', 'pending', $3)`,
        [order.id, tenantId, userId],
      );
      if (coupon) couponExhausted = await this.coupons.redeem(manager, coupon.id, tenantId, order.id, customer);
      if (input.session_id) {
        // The checkout session's hold becomes this order's stock: release it.
        await manager.query('DELETE FROM inventory_holds WHERE tenant_id = $1 AND session_id = $2', [tenantId, input.session_id]);
      }
      await this.outbox.record(
        manager,
        new OrderPlaced(tenantId, {
          order_id: order.id,
          order_number: orderNumber,
          customer_name: input.customer_name,
          total: centsToDecimal(total),
          currency,
        }),
      );
      return order.id;
    });
    // After commit: a list rebuilt before it would still show the coupon.
    if (couponExhausted) await this.couponCatalog.invalidate(tenantId);
    return orderId;
  }

  private async location(manager: EntityManager, tenantId: string, locationId: string | undefined) {
    const rows: Array<{ id: string; delivery_fee: string }> = locationId
      ? await manager.query('SELECT id, delivery_fee FROM locations WHERE id = $1 AND tenant_id = $2 AND is_active', [locationId, tenantId])
      : await manager.query('SELECT id, delivery_fee FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId]);
    if (rows[0]) return rows[0];
    throw locationId
      ? ValidationFailedError.field('location_id', 'The selected location is invalid.')
      : ValidationFailedError.field('location_id', 'This shop has no active primary location to take the order.');
  }

  /**
   * Locks the ordered products (in id order), checks each line, and takes the stock. Stock held by
   * other checkout sessions is not available; this session's own hold is.
   */
  private async takeStock(
    manager: EntityManager,
    tenantId: string,
    items: OrderItemDto[],
    sessionId: string | null,
  ): Promise<PricedLine[]> {
    const ids = [...new Set(items.map((item) => item.product_id))].sort((a, b) => a - b);
    const products: ProductRow[] = await manager.query(
      `SELECT id, name, price, stock, category_id, is_active FROM products
        WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE`,
      [tenantId, ids],
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    const heldRows: Array<{ product_id: number; held: string }> = await manager.query(
      `SELECT product_id, sum(quantity) AS held FROM inventory_holds
        WHERE product_id = ANY($1::int[]) AND expires_at > now() AND NOT (tenant_id = $2 AND session_id IS NOT DISTINCT FROM $3)
        GROUP BY product_id`,
      [ids, tenantId, sessionId],
    );
    const heldByOthers = new Map(heldRows.map((row) => [row.product_id, Number(row.held)]));

    const errors: Record<string, string[]> = {};
    const wanted = new Map<number, number>();
    items.forEach((item, index) => {
      const product = byId.get(item.product_id);
      if (!product || !product.is_active) errors[`items.${index}.product_id`] = ['The selected product is invalid.'];
      else wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
    });
    items.forEach((item, index) => {
      const product = byId.get(item.product_id);
      if (!product?.is_active || product.stock === null) return;
      const available = Math.max(0, product.stock - (heldByOthers.get(product.id) ?? 0));
      if ((wanted.get(product.id) ?? 0) > available) {
        errors[`items.${index}.quantity`] = [
          available === 0 ? `${product.name} is out of stock.` : `Only ${available} of ${product.name} left in stock.`,
        ];
      }
    });
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);

    const tracked = [...wanted.entries()].filter(([id]) => byId.get(id)!.stock !== null);
    if (tracked.length > 0) {
      await manager.query(
        `UPDATE products p SET stock = p.stock - w.quantity, updated_at = now()
           FROM unnest($1::int[], $2::int[]) AS w(id, quantity)
          WHERE p.id = w.id`,
        [tracked.map(([id]) => id), tracked.map(([, quantity]) => quantity)],
      );
    }
    return items.map((item) => {
      const product = byId.get(item.product_id)!;
      return {
        productId: product.id,
        name: product.name,
        price: toCents(product.price),
        quantity: item.quantity,
        categoryId: product.category_id,
      };
    });
  }

  private async nextOrderNumber(manager: EntityManager, tenantId: string): Promise<number> {
    const rows: Array<{ last_number: number }> = await manager.query(
      `INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES ($1, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + 1
       RETURNING last_number`,
      [tenantId, FIRST_ORDER_NUMBER],
    );
    return rows[0].last_number;
  }
}
