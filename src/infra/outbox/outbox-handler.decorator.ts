import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEventClass } from '@common/events/domain-event';
import type { StoredEvent } from './stored-event';

export const OUTBOX_HANDLER_KEY = 'storefront:outbox-handler';

/**
 * Handles one event type after commit. `handle` runs in a transaction that also records that this
 * handler consumed this event, so a redelivery is a no-op for database work done through `manager`.
 * Effects outside the database (mail, push) should be queued as their own idempotent jobs.
 */
export interface OutboxEventHandler<TPayload = Record<string, unknown>> {
  handle(event: StoredEvent<TPayload>, manager: EntityManager): Promise<void>;

  /**
   * Called once, in a transaction of its own, when the event's delivery has failed for good (its
   * last attempt) and this handler had not handled it: for a handler whose event something waits
   * for (a job row holding credits), to end that wait instead of leaving it for ever.
   */
  abandon?(event: StoredEvent<TPayload>, manager: EntityManager): Promise<void>;
}

/** Marks a provider as the handler of one domain event class (`@OutboxHandler(OrderPlaced)`). */
export const OutboxHandler = <TPayload extends object>(event: DomainEventClass<TPayload>) =>
  applyDecorators(Injectable(), SetMetadata(OUTBOX_HANDLER_KEY, event.type));
