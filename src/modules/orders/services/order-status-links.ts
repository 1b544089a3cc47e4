import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '@config/env.schema';
import { TenantDirectory } from '@modules/accounts';
import { orderStatusLinkKey, orderStatusToken, orderStatusTokenMatches, orderStatusUrl } from '../domain/order-status-link';

/** Writes a shop's order links. */
export type StatusUrlOf = (order: { id: number; order_number: string }) => string;

/**
 * The orders' status links (docs/commerce.md, "The order's status link"): signed with a key derived
 * from APP_KEY for this purpose, under APP_URL, at the shop's slug.
 */
@Injectable()
export class OrderStatusLinks {
  private readonly key: Buffer;
  private readonly appUrl: string;

  constructor(
    config: ConfigService<Env, true>,
    private readonly tenants: TenantDirectory,
  ) {
    this.key = orderStatusLinkKey(config.get('APP_KEY', { infer: true }));
    this.appUrl = config.get('APP_URL', { infer: true });
  }

  /** The links of one shop's orders; the slug is `known` when the caller has it, else looked up (cached by the directory). */
  async forTenant(tenantId: string, known?: string): Promise<StatusUrlOf> {
    const slug = known ?? (await this.tenants.byId(tenantId))?.slug ?? '';
    return (order) => orderStatusUrl(this.appUrl, slug, order.order_number, orderStatusToken(this.key, tenantId, order.id));
  }

  /** Whether `token` is the status token of that order of that shop (constant time). */
  matches(tenantId: string, orderId: number, token: string): boolean {
    return orderStatusTokenMatches(this.key, tenantId, orderId, token);
  }
}
