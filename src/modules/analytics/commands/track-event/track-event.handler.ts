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
 * The metadata is serialised once, here: the text measured is the text stored. Storing in the
 * database happens in the worker, in batches.
 */
@CommandHandler(TrackEventCommand)
export class TrackEventHandler implements ICommandHandler<TrackEventCommand, void> {
  constructor(
    private readonly batcher: TrackEventBatcher,
    private readonly products: KnownProductsCache,
  ) {}

  async execute({ tenantId, input }: TrackEventCommand): Promise<void> {
    const productId = input.product_id ?? null;
    if (productId !== null && !this.products.known(tenantId, productId) && !(await this.products.exists(tenantId, productId))) {
      throw ValidationFailedError.field('product_id', 'The selected product is invalid.');
    }
    // The product is also kept in the metadata, as `product_id`.
    const metadata = JSON.stringify(productId === null ? (input.metadata ?? {}) : { ...input.metadata, product_id: productId });
    if (metadataTooLarge(metadata)) {
      throw ValidationFailedError.field('metadata', `The metadata may not be larger than ${MAX_METADATA_BYTES / 1024} KiB.`);
    }
    await this.batcher.store(tenantId, [input.type, productId, Date.now(), metadata]);
  }
}
