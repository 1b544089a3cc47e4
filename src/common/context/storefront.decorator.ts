import { SetMetadata } from '@nestjs/common';
import type { UnknownTenantAnswer } from './request-context';

export const STOREFRONT_KEY = 'storefront:storefront-tenant';

export interface StorefrontOptions {
  /**
   * Where the request names its shop. `body-or-headers` (decisions §1): a body `tenant_id` wins,
   * else `X-Tenant-ID`, else `X-Tenant-Slug`. `body`: the body's `tenant_id` only.
   * `body-id-or-slug`: the body's `tenant_id`, a UUID or else a slug (analytics/track). `query`:
   * the `tenant_id` query parameter.
   */
  from: 'body-or-headers' | 'body' | 'body-id-or-slug' | 'query';
  /** The answer when the shop cannot be identified or is not open; see UnknownTenantAnswer. */
  unknown: UnknownTenantAnswer;
}

/**
 * A public storefront route: the request context guard resolves the shop the request names, once,
 * and the handler reads it with `ctx.storefrontTenant()`.
 */
export const Storefront = (options: StorefrontOptions) => SetMetadata(STOREFRONT_KEY, options);
