/**
 * An event that matters outside the transaction that raised it: declared as a class with a static
 * `type` and a JSON payload, and recorded with `OutboxService.record(manager, event)` in the
 * transaction of the change it describes, so it exists exactly when that change was committed.
 * Pure: a feature's `domain/` declares its events on it; how an event is stored and delivered
 * (`StoredEvent`, the outbox) is infra/outbox's business.
 *
 *     export class OrderPlaced extends DomainEvent<OrderPlacedPayload> {
 *       static readonly type = 'OrderPlaced';
 *     }
 */
export abstract class DomainEvent<TPayload extends object = Record<string, unknown>> {
  readonly occurredAt: Date = new Date();

  constructor(
    readonly tenantId: string | null,
    readonly payload: TPayload,
  ) {}

  get type(): string {
    return (this.constructor as DomainEventClass).type;
  }
}

export interface DomainEventClass<TPayload extends object = Record<string, unknown>> {
  readonly type: string;
  new (...args: never[]): DomainEvent<TPayload>;
}
