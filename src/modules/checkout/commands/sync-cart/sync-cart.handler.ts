import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogQueries } from '@modules/catalog';
import { CheckoutSessionStore } from '@modules/checkout/sessions/checkout-session.store';
import { SyncCartCommand } from './sync-cart.command';

@CommandHandler(SyncCartCommand)
export class SyncCartHandler implements ICommandHandler<SyncCartCommand, void> {
  constructor(
    private readonly sessions: CheckoutSessionStore,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ tenantId, sessionId, items, userId, clientIp }: SyncCartCommand): Promise<void> {
    // Only active products of the shop are stored (pricing the lines refuses any other), and only
    // their ids and quantities: the client's names, prices and subtotal are never kept, so what the
    // session later prices (validate-coupon, the order) comes from the catalog (docs/commerce.md).
    await this.catalog.cartSubtotal(tenantId, items, { onlyActive: 'refuse' });
    await this.sessions.saveCart(tenantId, sessionId, { items, userId }, clientIp);
  }
}
