export type SubscriptionEvent = 'subscription.created' | 'subscription.renewed' | 'subscription.cancelled';

/**
 * A payment provider reports a change to a shop's subscription (sent by the payment webhook, inside
 * its transaction). The sender has checked that `tenantId` is a UUID and, for `created` and
 * `renewed`, that `periodEnd` is a valid date.
 */
export class ChangeSubscriptionCommand {
  constructor(
    readonly tenantId: string,
    readonly event: SubscriptionEvent,
    readonly periodEnd: Date | null,
    readonly details: { provider: string; webhookLogId: string },
  ) {}
}

/** `unchanged`: the subscription was already in the reported state (a repeated cancellation). */
export type ChangeSubscriptionResult = 'applied' | 'unchanged' | 'tenant_not_found';
