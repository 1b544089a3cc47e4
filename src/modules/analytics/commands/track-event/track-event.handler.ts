import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { ValidationFailedError } from '@common/errors/domain.error';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { MAX_METADATA_BYTES, metadataTooLarge } from '@modules/analytics/domain/event-metadata';
import { ANALYTICS_JOB_OPTIONS, ANALYTICS_QUEUE, AnalyticsJob } from '@modules/analytics/jobs/analytics.queue';
import { KnownProductsCache } from '@modules/analytics/known-products.cache';
import { TrackEventCommand } from './track-event.command';

/**
 * The hottest public path (one call per storefront click): validation, a cached product check, one
 * Redis write (the shop was resolved, from a cache, by the request context). Storing happens in the worker, in batches.
 */
@CommandHandler(TrackEventCommand)
export class TrackEventHandler implements ICommandHandler<TrackEventCommand, void> {
  constructor(
    @InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>,
    private readonly products: KnownProductsCache,
  ) {}

  async execute({ tenantId, input }: TrackEventCommand): Promise<void> {
    const metadata = { ...(input.metadata ?? {}) };
    if (input.product_id !== undefined) {
      if (!(await this.products.exists(tenantId, input.product_id))) {
        throw ValidationFailedError.field('product_id', 'The selected product is invalid.');
      }
      metadata.product_id = input.product_id;
    }
    if (metadataTooLarge(metadata)) {
      throw ValidationFailedError.field('metadata', `The metadata may not be larger than ${MAX_METADATA_BYTES / 1024} KiB.`);
    }
    const eventId = randomUUID();
    await enqueueOnRequestPath(this.queue, () =>
      this.queue.add(
        'track',
        {
          kind: 'track',
          eventId,
          tenantId,
          type: input.type,
          productId: input.product_id ?? null,
          metadata,
          occurredAt: new Date().toISOString(),
        },
        { ...ANALYTICS_JOB_OPTIONS, jobId: eventId },
      ),
    );
  }
}
