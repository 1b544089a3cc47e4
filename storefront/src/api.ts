import type { components } from '@client/schema';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';

type Schemas = components['schemas'];

/**
 * What each endpoint the checkout calls takes, from the API document's generated types
 * (client/src/schema.d.ts): a change of the API that breaks the script fails `npm run typecheck`.
 */
export interface ApiBodies {
  '/api/v1/checkout/hold-inventory': Schemas['HoldInventoryDto'];
  '/api/v1/checkout/cart-summary': Schemas['CartSummaryDto'];
  '/api/v1/checkout/validate-coupon': Schemas['ValidateCouponDto'];
  '/api/v1/orders': Schemas['PlaceOrderDto'];
}

export type OrderBody = ApiBodies['/api/v1/orders'];

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A JSON call to the service's public API, naming the shop by `X-Tenant-ID` and asking for its
 * errors in the page's language (`Accept-Language`, docs/http-contract.md "Languages").
 * Answers null when the network failed (no answer at all).
 */
export async function callApi<Path extends keyof ApiBodies>(
  config: ShopPageConfig,
  path: Path,
  body: ApiBodies[Path],
  headers: Record<string, string> = {},
): Promise<ApiAnswer | null> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': config.language,
        'X-Tenant-ID': config.tenantId,
        ...headers,
      },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = {};
    }
    return { status: response.status, body: parsed };
  } catch {
    return null;
  }
}

/** The first message of each field of a 422 (`{ errors: { "items.0.quantity": [...] } }`). */
export function fieldErrors(answer: ApiAnswer): Record<string, string> {
  const errors = answer.body.errors;
  const result: Record<string, string> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      result[field] = Array.isArray(messages) ? String(messages[0]) : String(messages);
    }
  }
  return result;
}
