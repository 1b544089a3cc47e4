import type { components } from '@client/schema';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';

type Schemas = components['schemas'];

/**
 * The checkout session of one shop, kept in this browser's localStorage: one `session_id` per shop,
 * shared by its tabs and visits, so that one shopper is one session however many tabs are open
 * (docs/storefront.md). Read on every use, so tabs converge on the one stored.
 */
const storageKey = (slug: string) => `storefront:${slug}:session`;

export function checkoutSessionId(slug: string): string {
  let id = localStorage.getItem(storageKey(slug));
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(storageKey(slug), id);
  }
  return id;
}

/** After an order: the next checkout starts a new session. */
export function forgetCheckoutSession(slug: string): void {
  localStorage.removeItem(storageKey(slug));
}

/**
 * Gives the session's held stock back to the shop (the shopper left checkout without ordering, or
 * emptied the cart): a beacon, which outlives the page, sent as text/plain JSON naming the shop in
 * the body (a beacon cannot set headers). Nothing when this browser has no session for the shop.
 */
export function releaseHold(config: ShopPageConfig): void {
  const sessionId = localStorage.getItem(storageKey(config.slug));
  if (!sessionId) return;
  const body: Schemas['SessionFieldsDto'] = { session_id: sessionId, tenant_id: config.tenantId };
  const text = JSON.stringify(body);
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon('/api/v1/checkout/release-inventory', new Blob([text], { type: 'text/plain' }));
  if (!sent) {
    void fetch('/api/v1/checkout/release-inventory', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: text,
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  }
}
