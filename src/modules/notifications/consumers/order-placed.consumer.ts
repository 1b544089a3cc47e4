import { ConfigService } from '@nestjs/config';
import { EntityManager } from 'typeorm';
import type { Env } from '@config/env.schema';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { UsersQueries } from '@modules/accounts';
import { OrderPlaced, type OrderPlacedPayload, readOrderSummary } from '@modules/orders';
import { Notifier } from '../notifier.service';
import { newOrderNotification } from './new-order.notification';

/** Tells a shop's owner and admins of each new order (decisions §5, §9), once per order. */
@OutboxHandler(OrderPlaced)
export class OrderPlacedConsumer implements OutboxEventHandler<OrderPlacedPayload> {
  constructor(
    private readonly users: UsersQueries,
    private readonly notifier: Notifier,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async handle(event: StoredEvent<OrderPlacedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    const admins = await this.users.tenantAdmins(manager, event.tenantId);
    if (!admins || admins.recipients.length === 0) return;
    const summary = await readOrderSummary(manager, event.tenantId, event.payload.order_id);
    const shop = { name: admins.tenantName, language: admins.language, timezone: admins.timezone };
    await this.notifier.notify(manager, {
      key: `order-placed.${event.id}`,
      tenantId: event.tenantId,
      recipients: admins.recipients,
      message: newOrderNotification(event.payload, shop, summary, this.config.get('APP_URL', { infer: true })),
    });
  }
}
