import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';

/**
 * The events storefront.md lists. Fire and forget: `keepalive` lets a call finish while the page
 * navigates away; a failed call is never the shopper's problem.
 */
function send(path: string, body: unknown): void {
  void fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

export function recordInteraction(config: ShopPageConfig, type: 'view' | 'maps_click', metadata?: Record<string, unknown>): void {
  send('/api/v1/interactions', { tenant_id: config.tenantId, type, ...(metadata ? { metadata } : {}) });
}

export function trackEvent(
  config: ShopPageConfig,
  type: 'cart_add' | 'location_view' | 'purchase',
  fields: { product_id?: number; metadata?: Record<string, unknown> } = {},
): void {
  send('/api/v1/analytics/track', { tenant_id: config.tenantId, type, ...fields });
}

/** The conversion beacon: `navigator.sendBeacon` with text/plain, which the endpoint reads as JSON. */
export function sendConversion(config: ShopPageConfig, orderNumber: string, total: number): void {
  const body = JSON.stringify({
    tenant_slug: config.slug,
    transaction_id: orderNumber,
    value: total,
    currency: config.currency,
    event: 'purchase',
  });
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon('/api/v1/analytics/conversion', new Blob([body], { type: 'text/plain' }));
  if (!sent) send('/api/v1/analytics/conversion', JSON.parse(body));
}
