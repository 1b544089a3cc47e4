import type { ShopTexts } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { type Cart, markCartLine } from './cart';

/** A cart line whose product the shop now sells at another price. */
export interface PriceChange {
  productId: number;
  name: string;
  from: number;
  to: number;
}

/** The catalog holds at most this many pages of 100 products for one cart: past them, the order's own check decides. */
const MAX_PAGES = 20;

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The shop's current prices of the cart's products, read from the public catalog
 * (`GET /api/v1/storefront/{slug}/products`). `cache: 'no-cache'` makes the browser ask the
 * service again (a 304 when nothing changed) instead of answering from its HTTP cache, whose copy
 * may be up to 30 s old: the price a shopper is shown is the one the order will be charged
 * (docs/storefront.md, "Prices"). Null when the catalog could not be read.
 */
async function currentPrices(
  config: ShopPageConfig,
  productIds: ReadonlySet<number>,
): Promise<Map<number, { name: string; price: number }> | null> {
  const found = new Map<number, { name: string; price: number }>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    let body: { data?: Array<{ id: number; name: string; price: number }>; next_cursor?: string | null };
    try {
      const response = await fetch(`/api/v1/storefront/${encodeURIComponent(config.slug)}/products?${query}`, {
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-cache',
      });
      if (!response.ok) return null;
      body = (await response.json()) as typeof body;
    } catch {
      return null;
    }
    for (const product of body.data ?? []) {
      if (productIds.has(product.id)) found.set(product.id, { name: product.name, price: Number(product.price) });
    }
    cursor = body.next_cursor ?? null;
    if (!cursor || found.size === productIds.size) break;
  }
  return found;
}

/**
 * Reads the prices again and brings the cart up to them: every line whose price changed takes
 * the new one and is named at its cart line ("El precio de X cambió"). A product the catalog no
 * longer lists is left as it is (the order names it as unavailable). The changes, in cart order.
 */
export async function refreshCartPrices(config: ShopPageConfig, cart: Cart, texts: ShopTexts): Promise<PriceChange[]> {
  const lines = cart.lines();
  if (lines.length === 0) return [];
  const prices = await currentPrices(config, new Set(lines.map((line) => line.productId)));
  if (!prices) return [];
  const changes: PriceChange[] = [];
  for (const line of lines) {
    const current = prices.get(line.productId);
    if (current && cents(current.price) !== cents(line.price)) {
      changes.push({ productId: line.productId, name: current.name, from: line.price, to: current.price });
    }
  }
  if (changes.length > 0) cart.reprice(new Map(changes.map((change) => [change.productId, { name: change.name, price: change.to }])));
  markPriceChanges(changes, texts);
  return changes;
}

/** Names each changed price at its cart line (after the cart's own rendering, which drops notes). */
export function markPriceChanges(changes: readonly PriceChange[], texts: ShopTexts): void {
  for (const change of changes) markCartLine(change.productId, texts.priceChanged(change.name));
}
