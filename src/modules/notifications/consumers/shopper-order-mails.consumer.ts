import { ConfigService } from '@nestjs/config';
import { EntityManager } from 'typeorm';
import type { Env } from '@config/env.schema';
import { afterCommit } from '@infra/database/transaction';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import {
  OrderPlaced,
  type OrderPlacedPayload,
  OrderStatusChanged,
  type OrderStatusChangedPayload,
  orderStatusLink,
  readShopperOrder,
  type ShopperOrder,
} from '@modules/orders';
import { SHOPPER_MAIL_STATUSES, type ShopperMailStatus } from '../mail/mail-texts';
import { renderShopperOrderPlacedMail, renderShopperOrderStatusMail, type ShopMail } from '../mail/shop-mails';

/**
 * The mails to the shopper who placed an order with a `customer_email` (docs/notifications.md,
 * "Mails to the shopper"): read from the order when its event is delivered, written in the shop's
 * language, and queued once the delivery's transaction commits, on the messages queue every mail
 * takes (retried there; a queue that fails then fails the delivery, which the outbox retries). The
 * job id derives from the outbox event, so a redelivery mails nobody twice. The order and its
 * status change were committed long before: a mail that cannot be sent never undoes them.
 */
abstract class ShopperMails {
  constructor(
    private readonly messages: MessageDispatcher,
    private readonly config: ConfigService<Env, true>,
  ) {}

  protected statusUrl(order: ShopperOrder): string {
    return orderStatusLink(this.config.get('APP_KEY', { infer: true }), this.config.get('APP_URL', { infer: true }), order.shop, {
      id: order.id,
      order_number: order.orderNumber,
    });
  }

  protected async send(manager: EntityManager, to: string, mail: ShopMail, key: string): Promise<void> {
    await afterCommit(manager, () => this.messages.sendMail({ to, ...mail }, key));
  }
}

@OutboxHandler(OrderPlaced)
export class ShopperOrderPlacedConsumer extends ShopperMails implements OutboxEventHandler<OrderPlacedPayload> {
  constructor(messages: MessageDispatcher, config: ConfigService<Env, true>) {
    super(messages, config);
  }

  async handle(event: StoredEvent<OrderPlacedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    const order = await readShopperOrder(manager, event.tenantId, { id: Number(event.payload.order_id) });
    if (!order?.customerEmail) return;
    const mail = await renderShopperOrderPlacedMail(order.shop, order, this.statusUrl(order));
    await this.send(manager, order.customerEmail, mail, `shopper-order-placed.${event.id}`);
  }
}

@OutboxHandler(OrderStatusChanged)
export class ShopperOrderStatusConsumer extends ShopperMails implements OutboxEventHandler<OrderStatusChangedPayload> {
  constructor(messages: MessageDispatcher, config: ConfigService<Env, true>) {
    super(messages, config);
  }

  async handle(event: StoredEvent<OrderStatusChangedPayload>, manager: EntityManager): Promise<void> {
    const status = event.payload.to_status as ShopperMailStatus;
    if (!event.tenantId || !SHOPPER_MAIL_STATUSES.includes(status)) return;
    const order = await readShopperOrder(manager, event.tenantId, { id: event.payload.order_id });
    if (!order?.customerEmail) return;
    const mail = await renderShopperOrderStatusMail(order.shop, order, status, this.statusUrl(order));
    await this.send(manager, order.customerEmail, mail, `shopper-order-status.${event.id}`);
  }
}
