import type { Cents } from '@common/money/money';

/**
 * An order's prices: the one definition of how its amounts follow from its lines, its coupon and
 * its delivery. Every amount is integer cents (a catalog price of 0.10 is 10), so sums are exact and
 * nothing is rounded here: the only rounding is the coupon's percentage, to the cent, half up
 * (`percentOf`, decided by coupons before the discount reaches this file).
 *
 * The place-order handler prices an order in two steps because the coupon is decided on the
 * subtotal in between: `priceLines`, then `priceOrder`. The SQL that writes the order computes
 * nothing: it stores these results as they are (`placed-orders.repository.ts` takes every amount,
 * the line totals included, from here).
 */
export interface LineToPrice {
  /** The catalog's unit price. */
  price: Cents;
  quantity: number;
}

export interface PricedLines<L extends LineToPrice> {
  /** Each line with its total (unit price × quantity). */
  lines: Array<L & { lineTotal: Cents }>;
  /** The sum of the line totals. */
  subtotal: Cents;
}

/** The coupon an order applies: what it takes off the subtotal, and whether it waives the delivery fee. */
export interface OrderDiscount {
  discount: Cents;
  freeShipping: boolean;
}

export interface OrderDelivery {
  type: 'delivery' | 'pickup';
  /** The location's delivery fee, charged only for a delivery. */
  fee: Cents;
}

export interface OrderPrice {
  subtotal: Cents;
  discount: Cents;
  deliveryFee: Cents;
  total: Cents;
}

export const NO_DISCOUNT: OrderDiscount = { discount: 0, freeShipping: false };

export function priceLines<L extends LineToPrice>(lines: readonly L[]): PricedLines<L> {
  const priced = lines.map((line) => ({ ...line, lineTotal: line.price * line.quantity }));
  return { lines: priced, subtotal: priced.reduce((sum, line) => sum + line.lineTotal, 0) };
}

/**
 * The order's amounts once its coupon is decided: the discount never takes the goods below zero
 * (coupons already caps a fixed coupon at the subtotal and a percentage at 100, so this only states
 * the rule), a delivery pays the location's fee unless the coupon waives it, a pickup pays none, and
 * the total is subtotal − discount + delivery fee.
 */
export function priceOrder(subtotal: Cents, coupon: OrderDiscount, delivery: OrderDelivery): OrderPrice {
  const discount = Math.min(coupon.discount, subtotal);
  const deliveryFee = delivery.type === 'delivery' && !coupon.freeShipping ? delivery.fee : 0;
  return { subtotal, discount, deliveryFee, total: subtotal - discount + deliveryFee };
}
