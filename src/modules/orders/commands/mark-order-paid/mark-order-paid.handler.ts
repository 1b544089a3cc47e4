import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { OrderNotFoundError } from '@modules/orders/domain/orders.errors';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { MarkOrderPaidCommand } from './mark-order-paid.command';

/**
 * The shop records a payment it received (docs/commerce.md, "Payment methods"): the order becomes
 * paid, `paid_at` is stamped and a `paid` event names who recorded it, under the same rule as a
 * provider's confirmation (`PAYMENT_TRANSITIONS`: from unpaid or failed). An order already paid
 * changes nothing and records no event, so a repeated request (or two at once: the UPDATE's row
 * lock orders them, and the second finds the order paid) is answered with the order as it is.
 */
@CommandHandler(MarkOrderPaidCommand)
export class MarkOrderPaidHandler implements ICommandHandler<MarkOrderPaidCommand, { changed: boolean }> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  async execute({ tenantId, orderId, userId }: MarkOrderPaidCommand): Promise<{ changed: boolean }> {
    const result = await inTransaction(this.dataSource, (manager) => this.orders.markPaid(manager, tenantId, orderId, userId));
    if (!result.found) throw new OrderNotFoundError();
    return { changed: result.changed };
  }
}
