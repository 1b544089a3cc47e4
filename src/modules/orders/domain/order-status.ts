export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'ready', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const FORWARD: OrderStatus[] = ['pending', 'confirmed', 'processing', 'ready', 'delivered'];
const FINAL: ReadonlySet<OrderStatus> = new Set(['delivered', 'cancelled']);

export type TransitionCheck = { allowed: true; changed: boolean } | { allowed: false; reason: string };

/**
 * Orders move forward along pending → confirmed → processing → ready → delivered (steps may be
 * skipped) and can be cancelled from anything but delivered. Delivered and cancelled are final.
 * Asking for the current status again is allowed and changes nothing.
 */
export function checkOrderTransition(from: OrderStatus, to: OrderStatus): TransitionCheck {
  if (from === to) return { allowed: true, changed: false };
  if (FINAL.has(from)) return { allowed: false, reason: `A ${from} order cannot change status.` };
  if (to === 'cancelled') return { allowed: true, changed: true };
  if (FORWARD.indexOf(to) > FORWARD.indexOf(from)) return { allowed: true, changed: true };
  return { allowed: false, reason: `An order cannot go back from ${from} to ${to}.` };
}

/** The statuses an order in `from` may move to now (the current one aside), in the machine's order. */
export function allowedNextStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => {
    const check = checkOrderTransition(from, to);
    return check.allowed && check.changed;
  });
}

/** An order's payment: unpaid until the payment provider reports it paid or failed. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
