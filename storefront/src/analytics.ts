import type { components } from '@client/schema';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';

type Schemas = components['schemas'];

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

export function recordInteraction(
  config: ShopPageConfig,
  type: Schemas['InteractionDto']['type'],
  metadata?: Record<string, unknown>,
): void {
  const body: Schemas['InteractionDto'] = { tenant_id: config.tenantId, type, ...(metadata ? { metadata } : {}) };
  send('/api/v1/interactions', body);
}

export function trackEvent(
  config: ShopPageConfig,
  type: Schemas['TrackEventDto']['type'],
  fields: Pick<Schemas['TrackEventDto'], 'product_id' | 'metadata'> = {},
): void {
  const body: Schemas['TrackEventDto'] = { tenant_id: config.tenantId, type, ...fields };
  send('/api/v1/analytics/track', body);
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
