import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ValidationFailedError } from '@common/errors/domain.error';
import { MAX_METADATA_BYTES, metadataTooLarge } from '@modules/analytics/domain/event-metadata';
import { KnownProductsCache } from '@modules/analytics/known-products.cache';
import { TrackEventBatcher } from './track-event.batcher';
import { TrackEventCommand } from './track-event.command';

/**
 * The hottest public path (one call per storefront click): validation, a cached product check, the
 * event stored in the queue (the shop was resolved, from a cache, by the request context), grouped
 * with the other requests' events of the same event-loop turn into one write (TrackEventBatcher).
 * Storing in the database happens in the worker, in batches.
 */
@CommandHandler(TrackEventCommand)
export class TrackEventHandler implements ICommandHandler<TrackEventCommand, void> {
  constructor(
    private readonly batcher: TrackEventBatcher,
    private readonly products: KnownProductsCache,
  ) {}

  async execute({ tenantId, input }: TrackEventCommand): Promise<void> {
    const metadata = { ...(input.metadata ?? {}) };
    if (input.product_id !== undefined) {
      if (!this.products.known(tenantId, input.product_id) && !(await this.products.exists(tenantId, input.product_id))) {
        throw ValidationFailedError.field('product_id', 'The selected product is invalid.');
      }
      metadata.product_id = input.product_id;
    }
    if (metadataTooLarge(metadata)) {
      throw ValidationFailedError.field('metadata', `The metadata may not be larger than ${MAX_METADATA_BYTES / 1024} KiB.`);
    }
    const eventId = randomUUID();
    await this.batcher.store({
      kind: 'track',
      eventId,
      tenantId,
      type: input.type,
      productId: input.product_id ?? null,
      metadata,
      occurredAt: new Date().toISOString(),
    });
  }
}
