import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../domain/order-status';
import { OrderItemResource, ORDER_EVENT_TYPES } from './order.resource';
import { PAYMENT_METHODS } from './place-order.dto';

/** The branch of an order, as its shopper sees it. */
export interface OrderStatusLocation {
  id: string;
  name: string;
  address: string | null;
}

/** One step of the order's history, as its shopper sees it. */
export class OrderStatusEventResource {
  @ApiProperty({ enum: ORDER_EVENT_TYPES })
  type: (typeof ORDER_EVENT_TYPES)[number];

  @ApiProperty({
    enum: ORDER_STATUSES,
    nullable: true,
    description: 'The status after a `created` or `status_changed`; null for payment events',
  })
  to_status: OrderStatus | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/**
 * An order as its status link shows it to the shopper (docs/commerce.md, "The order's status
 * link"): its state, lines, totals and history, never who placed it or where it goes.
 */
export class OrderStatusResource {
  @ApiProperty({ example: '1001' })
  order_number: string;

  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  payment_status: PaymentStatus;

  @ApiProperty({ enum: PAYMENT_METHODS })
  payment_method: (typeof PAYMENT_METHODS)[number];

  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'The branch; null when the order has none (or it was deleted)',
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      address: { type: 'string', nullable: true },
    },
    required: ['id', 'name', 'address'],
  })
  location: OrderStatusLocation | null;

  @ApiProperty({ type: OrderItemResource, isArray: true })
  items: OrderItemResource[];

  @ApiProperty({ type: 'number', minimum: 0 })
  subtotal: number;

  @ApiProperty({ type: 'number', minimum: 0 })
  discount_amount: number;

  @ApiProperty({ type: 'number', minimum: 0 })
  delivery_fee: number;

  @ApiProperty({ type: 'number', minimum: 0 })
  total: number;

  @ApiProperty({ minLength: 3, maxLength: 3, example: 'HNL' })
  currency: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: OrderStatusEventResource, isArray: true, description: 'Oldest first' })
  events: OrderStatusEventResource[];
}

export class OrderStatusResponse {
  @ApiProperty({ type: OrderStatusResource })
  data: OrderStatusResource;
}
