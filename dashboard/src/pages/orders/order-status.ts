import type { components } from '@client';

/** The order as the order page reads it: the resource, its history and the statuses it may move to now (decisions §17). */
export type Order = components['schemas']['OrderDetailResource'];
/** One entry of its history, oldest first: placed, a status change, a payment outcome. */
export type OrderEvent = components['schemas']['OrderEventResource'];
export type OrderStatus = Order['status'];

/** Every status of an order, in the order an order moves through them (decisions §5). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'ready', 'delivered', 'cancelled'];

/** Mantine colours of the status badges (each with white or dark text at AA contrast). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'indigo',
  ready: 'teal',
  delivered: 'green',
  cancelled: 'gray',
};
