import type { OrderStatus } from '../domain/order-status';

export interface OrderResource {
  id: number;
  order_number: string;
  status: OrderStatus;
  payment_status: 'unpaid' | 'paid' | 'failed';
  paid_at: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  customer_notes: string | null;
  delivery_type: 'pickup' | 'delivery';
  payment_method: string;
  coupon_code: string | null;
  location_id: string | null;
  items: Array<{ product_id: number; name: string; price: number; quantity: number; line_total: number }>;
  subtotal: number;
  discount_amount: number;
  delivery_fee: number;
  total: number;
  currency: string;
  created_at: string;
  updated_at: string;
}
