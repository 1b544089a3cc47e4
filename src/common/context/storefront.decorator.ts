import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiHeader, ApiQuery } from '@nestjs/swagger';
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
export const Storefront = (options: StorefrontOptions) =>
  applyDecorators(SetMetadata(STOREFRONT_KEY, options), ...documentedShopParameters(options.from));

/** The API document's side: the headers or query parameter the request may name its shop by. */
function documentedShopParameters(from: StorefrontOptions['from']): Array<MethodDecorator & ClassDecorator> {
  switch (from) {
    case 'body-or-headers':
      return [
        ApiHeader({
          name: 'X-Tenant-ID',
          required: false,
          description: 'The shop, by id (a body `tenant_id` wins)',
          schema: { type: 'string', format: 'uuid' },
        }),
        ApiHeader({
          name: 'X-Tenant-Slug',
          required: false,
          description: 'The shop, by slug, when no id is given',
          schema: { type: 'string', maxLength: 255 },
        }),
      ];
    case 'query':
      return [ApiQuery({ name: 'tenant_id', required: true, description: 'The shop, by id', schema: { type: 'string', format: 'uuid' } })];
    default:
      return [];
  }
}
