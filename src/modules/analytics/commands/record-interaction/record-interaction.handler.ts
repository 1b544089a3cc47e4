import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { metadataTooLarge } from '@modules/analytics/domain/event-metadata';
import { KnownProductsCache } from '@modules/analytics/known-products.cache';
import { AnalyticsRepository } from '@modules/analytics/persistence/analytics.repository';
import { RecordInteractionCommand } from './record-interaction.command';

/** Records at once; `false` (the caller answers 202) for oversized metadata. */
@CommandHandler(RecordInteractionCommand)
export class RecordInteractionHandler implements ICommandHandler<RecordInteractionCommand, boolean> {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly products: KnownProductsCache,
  ) {}

  async execute({ tenantId, input }: RecordInteractionCommand): Promise<boolean> {
    const productId = input.product_id !== undefined && (await this.products.exists(tenantId, input.product_id)) ? input.product_id : null;
    const metadata = JSON.stringify(input.metadata ?? {});
    if (metadataTooLarge(metadata)) return false;
    await this.analytics.insertInteraction(tenantId, input.type, productId, metadata);
    return true;
  }
}
