import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Cents } from '@common/money/money';
import { CatalogQueries } from '@modules/catalog';
import { CheckoutSessionStore } from '@modules/checkout/sessions/checkout-session.store';
import { SyncCartCommand } from './sync-cart.command';

@CommandHandler(SyncCartCommand)
export class SyncCartHandler implements ICommandHandler<SyncCartCommand, Cents> {
  constructor(
    private readonly sessions: CheckoutSessionStore,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ tenantId, sessionId, items, userId, clientIp }: SyncCartCommand): Promise<Cents> {
    // Decisions §15: only active products of the shop are stored, and the answer's subtotal is the
    // catalog's; the client's names, prices and subtotal are accepted and ignored.
    const subtotal = await this.catalog.cartSubtotal(tenantId, items, { onlyActive: 'refuse' });
    await this.sessions.saveCart(tenantId, sessionId, { items, userId }, clientIp);
    return subtotal;
  }
}
