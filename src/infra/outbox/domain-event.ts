import type { IEvent } from '@nestjs/cqrs';

/**
 * An event that matters outside the transaction that raised it. Recording one writes a row to
 * `outbox_events` in that transaction; it reaches its handlers only after commit.
 */
export abstract class DomainEvent implements IEvent {
  abstract readonly type: string;
  readonly occurredAt: Date = new Date();

  protected constructor(readonly tenantId: string | null) {}

  /** The JSON stored with the event and handed to its handlers. */
  abstract toPayload(): Record<string, unknown>;
}

/** What a handler receives: the stored form, identical on every delivery. */
export interface StoredEvent<TPayload = Record<string, unknown>> {
  id: string;
  type: string;
  tenantId: string | null;
  occurredAt: Date;
  payload: TPayload;
}
