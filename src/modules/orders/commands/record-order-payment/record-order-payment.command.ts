export type RecordOrderPaymentResult = 'applied' | 'unchanged' | 'order_not_found';

/** Sent by the payment webhook, inside its own transaction, when a provider confirms or rejects an order's payment. */
export class RecordOrderPaymentCommand {
  constructor(
    readonly orderId: number,
    readonly outcome: 'paid' | 'failed',
    readonly details: { provider: string; webhookLogId: string; reason?: string | null },
  ) {}
}
