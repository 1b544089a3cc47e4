import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { isUuid, MAX_INTEGER_ID } from '@common/http/resource-ids';
import { ChangeSubscriptionCommand, ChangeSubscriptionResult } from '@modules/accounts';
import { RecordOrderPaymentCommand, RecordOrderPaymentResult } from '@modules/orders';
import type { PaymentEventType } from '@modules/payments/domain/payment-events';

export type EffectResult = { ok: true } | { ok: false; reason: string };

interface Delivery {
  provider: string;
  logId: string;
}

const invalid = (reason: string): EffectResult => ({ ok: false, reason });

/**
 * What each payment event does (decisions §10), sent as commands to the modules that own the
 * state: an order's payment state to orders, a shop's subscription to accounts. They run inside
 * the webhook's transaction (a command joins the open one), so the log row's outcome and the effect
 * commit together. Late or repeated events never undo a later state; see docs/payments-webhook.md.
 */
@Injectable()
export class PaymentEffects {
  constructor(private readonly commands: CommandBus) {}

  async apply(type: PaymentEventType, data: Record<string, unknown>, delivery: Delivery): Promise<EffectResult> {
    const details = { provider: delivery.provider, webhookLogId: delivery.logId };
    switch (type) {
      case 'payment.confirmed':
      case 'payment.rejected': {
        const orderId = orderIdOf(data.order_id);
        if (orderId === null) return invalid('data.order_id does not name an existing order.');
        const reason = typeof data.reason === 'string' ? data.reason.slice(0, 500) : null;
        const outcome = type === 'payment.confirmed' ? 'paid' : 'failed';
        const result = await this.commands.execute<RecordOrderPaymentCommand, RecordOrderPaymentResult>(
          new RecordOrderPaymentCommand(orderId, outcome, outcome === 'failed' ? { ...details, reason } : details),
        );
        return result === 'order_not_found' ? invalid('data.order_id does not name an existing order.') : { ok: true };
      }
      case 'subscription.created':
      case 'subscription.renewed':
      case 'subscription.cancelled': {
        let periodEnd: Date | null = null;
        if (type !== 'subscription.cancelled') {
          periodEnd = typeof data.current_period_end === 'string' ? new Date(data.current_period_end) : null;
          if (!periodEnd || Number.isNaN(periodEnd.getTime())) return invalid('data.current_period_end must be an ISO 8601 date-time.');
        }
        if (typeof data.tenant_id !== 'string' || !isUuid(data.tenant_id))
          return invalid('data.tenant_id does not name an existing tenant.');
        const result = await this.commands.execute<ChangeSubscriptionCommand, ChangeSubscriptionResult>(
          new ChangeSubscriptionCommand(data.tenant_id, type, periodEnd, details),
        );
        return result === 'tenant_not_found' ? invalid('data.tenant_id does not name an existing tenant.') : { ok: true };
      }
    }
  }
}

/** An order id as a number or a string of digits (`"0042"` included), within int4. */
function orderIdOf(raw: unknown): number | null {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : null;
}
