/**
 * An event that matters outside the transaction that raised it: declared as a class with a static
 * `type` and a JSON payload, and recorded with `OutboxService.record(manager, event)` in the
 * transaction of the change it describes, so it exists exactly when that change was committed.
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

/** What a handler receives: the stored form, identical on every delivery. */
export interface StoredEvent<TPayload = Record<string, unknown>> {
  id: string;
  type: string;
  tenantId: string | null;
  occurredAt: Date;
  payload: TPayload;
}
