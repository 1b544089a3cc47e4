import type { components } from '@client';

type OrderResource = components['schemas']['OrderResource'];
export type OrderStatus = OrderResource['status'];

/** One entry of an order's history, as `GET /api/v1/orders/{order}` lists them (decisions §17), oldest first. */
export interface OrderEvent {
  type: 'created' | 'status_changed' | 'paid' | 'payment_failed';
  /** The status before a `status_changed`; null otherwise. */
  from_status: OrderStatus | null;
  /** The status after a `created` or `status_changed`; null for the payment events. */
  to_status: OrderStatus | null;
  created_at: string;
}

/**
 * The order as the order page reads it: the resource plus its status history and the statuses it
 * may move to now (decisions §17). Both are optional here so that the page still works against a
 * server that predates them (then the history is empty and the next statuses follow FORWARD).
 */
export type Order = OrderResource & { events?: OrderEvent[]; allowed_statuses?: OrderStatus[] };

/** Every status of an order, in the order an order moves through them (decisions §5). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'ready', 'delivered', 'cancelled'];

const FORWARD: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'ready', 'delivered'];

/** What the order may move to now: the server's `allowed_statuses`, else the rule of decisions §5. */
export function allowedStatuses(order: Order): OrderStatus[] {
  if (order.allowed_statuses) return order.allowed_statuses;
  if (order.status === 'delivered' || order.status === 'cancelled') return [];
  return [...FORWARD.slice(FORWARD.indexOf(order.status) + 1), 'cancelled'];
}

/** Mantine colours of the status badges (each with white or dark text at AA contrast). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'indigo',
  ready: 'teal',
  delivered: 'green',
  cancelled: 'gray',
};
