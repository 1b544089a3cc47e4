import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { integerId } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import { orderPaymentStatement } from '@modules/orders/persistence/order-payment.statement';
import { RecordOrderPaymentCommand, RecordOrderPaymentResult } from './record-order-payment.command';

/**
 * An order's payment state changed by a provider event, in the caller's transaction: the rule
 * (a confirmed payment is final; only an unpaid order becomes failed) is `PAYMENT_TRANSITIONS`
 * (domain/payment-transition.ts), applied through `orderPaymentStatement`, which the webhook's first
 * delivery also runs inside its own statement, alone or batched.
 */
@CommandHandler(RecordOrderPaymentCommand)
export class RecordOrderPaymentHandler implements ICommandHandler<RecordOrderPaymentCommand, RecordOrderPaymentResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ orderId, outcome, details }: RecordOrderPaymentCommand): Promise<RecordOrderPaymentResult> {
    // An id the orders table cannot hold names no order (rather than failing the caller's transaction).
    if (integerId(String(orderId)) === null) return 'order_not_found';
    return inTransaction(this.dataSource, async (manager) => {
      const row = await orderPaymentStatement.record(manager, {
        orderId,
        outcome,
        provider: details.provider,
        webhookLogId: details.webhookLogId,
        reason: details.reason,
      });
      return !row.found ? 'order_not_found' : row.changed ? 'applied' : 'unchanged';
    });
  }
}
