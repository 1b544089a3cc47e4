import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { InventoryService } from '@modules/catalog';
import { recordOrderEvent } from '@modules/orders/persistence/order-events';
import { checkOrderTransition, OrderStatus } from '@modules/orders/domain/order-status';
import { OrderNotFoundError, OrderStatusTransitionError } from '@modules/orders/domain/orders.errors';
import { ChangeOrderStatusCommand } from './change-order-status.command';

/**
 * Moves an order along the status machine, under a row lock so two merchants changing the same
 * order at once are applied one after the other. Each change is kept as an order event; a
 * cancellation puts the stock back.
 */
@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand, { changed: boolean }> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inventory: InventoryService,
  ) {}

  async execute({ tenantId, orderId, status, userId }: ChangeOrderStatusCommand): Promise<{ changed: boolean }> {
    return inTransaction(this.dataSource, async (manager) => {
      const rows: Array<{ status: OrderStatus }> = await manager.query(
        'SELECT status FROM orders WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
        [tenantId, orderId],
      );
      if (!rows[0]) throw new OrderNotFoundError();
      const from = rows[0].status;
      const check = checkOrderTransition(from, status);
      if (!check.allowed) throw new OrderStatusTransitionError(check.reason);
      if (!check.changed) return { changed: false };

      await manager.query('UPDATE orders SET status = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [
        tenantId,
        orderId,
        status,
      ]);
      await recordOrderEvent(manager, { orderId, tenantId, event: 'status_changed', fromStatus: from, toStatus: status, userId });
      if (status === 'cancelled') {
        const lines: Array<{ productId: number; quantity: number }> = await manager.query(
          'SELECT product_id AS "productId", quantity FROM order_items WHERE order_id = $1',
          [orderId],
        );
        await this.inventory.restock(manager, tenantId, lines);
      }
      return { changed: true };
    });
  }
}
