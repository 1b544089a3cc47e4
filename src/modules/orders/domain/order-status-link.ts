import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretBoxKey } from '@common/security/secret-box';

/** The key-derivation purpose of status-link tokens: the key signs nothing else (docs/commerce.md, "The order's status link"). */
export const ORDER_STATUS_LINK_PURPOSE = 'order-status-link';

/** 24 bytes of HMAC-SHA256: 32 URL-safe characters. */
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The key status tokens are signed with, derived from APP_KEY for this purpose alone. */
export function orderStatusLinkKey(appKey: string): Buffer {
  return secretBoxKey(appKey, ORDER_STATUS_LINK_PURPOSE);
}

/** The token of one order of one shop: an HMAC of the tenant and the order, URL-safe, that never expires. */
export function orderStatusToken(key: Buffer, tenantId: string, orderId: number): string {
  return createHmac('sha256', key).update(`${tenantId.toLowerCase()}:${orderId}`).digest().subarray(0, TOKEN_BYTES).toString('base64url');
}

/** Whether `token` is that order's token, compared in constant time (a token of another shape is simply wrong). */
export function orderStatusTokenMatches(key: Buffer, tenantId: string, orderId: number, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  return timingSafeEqual(Buffer.from(orderStatusToken(key, tenantId, orderId)), Buffer.from(token));
}

/** `<APP_URL>/s/{slug}/orders/{order_number}?token=<t>`: the shopper's page of the order. */
export function orderStatusUrl(appUrl: string, slug: string, orderNumber: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/s/${encodeURIComponent(slug)}/orders/${encodeURIComponent(orderNumber)}?token=${token}`;
}

/** The whole link of an order, from APP_KEY and APP_URL. */
export function orderStatusLink(
  appKey: string,
  appUrl: string,
  tenant: { id: string; slug: string },
  order: { id: number; order_number: string },
): string {
  return orderStatusUrl(appUrl, tenant.slug, order.order_number, orderStatusToken(orderStatusLinkKey(appKey), tenant.id, order.id));
}
