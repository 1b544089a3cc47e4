import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { InventoryService } from '@modules/catalog';
import { recordOrderEvent } from '@modules/orders/persistence/order-events';
import { OrderStatsRepository } from '@modules/orders/persistence/order-stats.repository';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { OrderStatusChanged } from '@modules/orders/domain/order-status-changed.event';
import { checkOrderTransition } from '@modules/orders/domain/order-status';
import { OrderNotFoundError, OrderStatusTransitionError } from '@modules/orders/domain/orders.errors';
import { ChangeOrderStatusCommand } from './change-order-status.command';

/**
 * Moves an order along the status machine, under a row lock so two merchants changing the same
 * order at once are applied one after the other. Each change is kept as an order event and an
 * OrderStatusChanged outbox event (the shopper's mail, docs/notifications.md); a cancellation puts the stock back and takes the order out of the overview's rollups.
 */
@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand, { changed: boolean }> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inventory: InventoryService,
    private readonly orders: OrdersRepository,
    private readonly stats: OrderStatsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ tenantId, orderId, status, userId }: ChangeOrderStatusCommand): Promise<{ changed: boolean }> {
    return inTransaction(this.dataSource, async (manager) => {
      const from = await this.orders.lockStatus(manager, tenantId, orderId);
      if (!from) throw new OrderNotFoundError();
      const check = checkOrderTransition(from, status);
      if (!check.allowed) throw new OrderStatusTransitionError(check.reason);
      if (!check.changed) return { changed: false };

      await this.orders.setStatus(manager, tenantId, orderId, status);
      await recordOrderEvent(manager, { orderId, tenantId, event: 'status_changed', fromStatus: from, toStatus: status, userId });
      await this.outbox.record(manager, new OrderStatusChanged(tenantId, { order_id: orderId, from_status: from, to_status: status }));
      if (status === 'cancelled') {
        await this.inventory.restock(manager, tenantId, await this.orders.itemQuantities(manager, orderId));
        // Last: the rollups come after the products in the lock order.
        await this.stats.removeCancelled(manager, tenantId, orderId);
      }
      return { changed: true };
    });
  }
}
