import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../domain/order-status';
import { DELIVERY_TYPES, PAYMENT_METHODS } from './place-order.dto';

/** One line of an order: the product's name and price when the order was placed. */
export class OrderItemResource {
  @ApiProperty({ type: 'integer', minimum: 1 })
  product_id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: 'number', minimum: 0, description: 'Unit price (two decimals)' })
  price: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1000 })
  quantity: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'price × quantity (two decimals)' })
  line_total: number;
}

/** The branch an order is taken at, for pickup and delivery: its name and address when the order was placed. */
export interface OrderLocationResource {
  id: string;
  name: string;
  address: string | null;
}

export class OrderResource {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id: number;

  @ApiProperty({ example: '1001', description: "The shop's own order number, from 1001" })
  order_number: string;

  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  payment_status: PaymentStatus;

  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' })
  paid_at: string | null;

  @ApiProperty()
  customer_name: string;

  @ApiProperty()
  customer_phone: string;

  @ApiProperty({ type: 'string', nullable: true })
  customer_email: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  customer_address: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  customer_notes: string | null;

  @ApiProperty({ enum: DELIVERY_TYPES })
  delivery_type: (typeof DELIVERY_TYPES)[number];

  @ApiProperty({ enum: PAYMENT_METHODS })
  payment_method: (typeof PAYMENT_METHODS)[number];

  @ApiProperty({ type: 'string', nullable: true, description: 'The coupon the order was placed with (upper-case)' })
  coupon_code: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'uuid', description: 'null once the location is deleted' })
  location_id: string | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      address: { type: 'string', nullable: true },
    },
    required: ['id', 'name', 'address'],
    description: 'The branch the order is picked up at or delivered from (name and address as when it was placed); null once it is deleted',
  })
  location: OrderLocationResource | null;

  @ApiProperty({ type: OrderItemResource, isArray: true })
  items: OrderItemResource[];

  @ApiProperty({ type: 'number', minimum: 0, description: 'Sum of the line totals (two decimals)' })
  subtotal: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'Coupon discount (two decimals)' })
  discount_amount: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'Two decimals; 0 for pickup' })
  delivery_fee: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'subtotal - discount_amount + delivery_fee (two decimals)' })
  total: number;

  @ApiProperty({ minLength: 3, maxLength: 3, example: 'USD', description: "The shop's ISO 4217 currency code" })
  currency: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiProperty({
    format: 'uri',
    example: 'https://shop.example.com/s/la-tienda/orders/1001?token=Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg',
    description: "The shopper's page of the order (`<APP_URL>/s/{slug}/orders/{order_number}?token=`): a signed link that never expires",
  })
  status_url: string;
}

export class OrderResponse {
  @ApiProperty({ type: OrderResource })
  data: OrderResource;
}

export const ORDER_EVENT_TYPES = ['created', 'status_changed', 'paid', 'payment_failed'] as const;

/** One entry of an order's history: its creation, each status change, each payment outcome. */
export class OrderEventResource {
  @ApiProperty({ enum: ORDER_EVENT_TYPES })
  type: (typeof ORDER_EVENT_TYPES)[number];

  @ApiProperty({ enum: ORDER_STATUSES, nullable: true, description: 'The status before a `status_changed`; null otherwise' })
  from_status: OrderStatus | null;

  @ApiProperty({
    enum: ORDER_STATUSES,
    nullable: true,
    description: 'The status after a `created` or `status_changed`; null for payment events',
  })
  to_status: OrderStatus | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/** One order as the merchant opens it: the order, its history (oldest first) and where it may go now. */
export class OrderDetailResource extends OrderResource {
  @ApiProperty({ type: OrderEventResource, isArray: true, description: 'Oldest first' })
  events: OrderEventResource[];

  @ApiProperty({
    enum: ORDER_STATUSES,
    isArray: true,
    description: 'The statuses it may move to now (the current one aside); empty once delivered or cancelled',
  })
  allowed_statuses: OrderStatus[];
}

export class OrderDetailResponse {
  @ApiProperty({ type: OrderDetailResource })
  data: OrderDetailResource;
}
