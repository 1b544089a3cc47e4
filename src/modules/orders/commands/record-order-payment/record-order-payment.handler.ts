import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { integerId } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import { recordOrderEvent } from '@modules/orders/domain/order-events';
import { RecordOrderPaymentCommand, RecordOrderPaymentResult } from './record-order-payment.command';

const MAX_REASON_LENGTH = 500;

/**
 * Late or repeated provider events never undo a later state: a confirmed payment is final, so a
 * rejection arriving after it (or for an earlier attempt) changes nothing, and a repeated
 * confirmation is a no-op. The row lock orders concurrent events for the same order.
 */
@CommandHandler(RecordOrderPaymentCommand)
export class RecordOrderPaymentHandler implements ICommandHandler<RecordOrderPaymentCommand, RecordOrderPaymentResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ orderId, outcome, details }: RecordOrderPaymentCommand): Promise<RecordOrderPaymentResult> {
    // An id the orders table cannot hold names no order (rather than failing the caller's transaction).
    if (integerId(String(orderId)) === null) return 'order_not_found';
    return inTransaction(this.dataSource, async (manager) => {
      const rows: Array<{ tenant_id: string; payment_status: string }> = await manager.query(
        'SELECT tenant_id, payment_status FROM orders WHERE id = $1 FOR UPDATE',
        [orderId],
      );
      const order = rows[0];
      if (!order) return 'order_not_found';
      const event = { orderId, tenantId: order.tenant_id };
      const source = { provider: details.provider, webhook_log_id: details.webhookLogId };

      if (outcome === 'paid') {
        if (order.payment_status === 'paid') return 'unchanged';
        await manager.query(`UPDATE orders SET payment_status = 'paid', paid_at = now(), updated_at = now() WHERE id = $1`, [orderId]);
        await recordOrderEvent(manager, { ...event, event: 'paid', details: source });
        return 'applied';
      }

      if (order.payment_status !== 'unpaid') return 'unchanged';
      await manager.query(`UPDATE orders SET payment_status = 'failed', updated_at = now() WHERE id = $1`, [orderId]);
      const reason = typeof details.reason === 'string' ? details.reason.slice(0, MAX_REASON_LENGTH) : null;
      await recordOrderEvent(manager, { ...event, event: 'payment_failed', details: { ...source, reason } });
      return 'applied';
    });
  }
}
