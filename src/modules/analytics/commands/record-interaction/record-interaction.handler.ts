import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { metadataTooLarge } from '@modules/analytics/domain/event-metadata';
import { KnownProductsCache } from '@modules/analytics/known-products.cache';
import { RecordInteractionCommand } from './record-interaction.command';

/** Records at once; `false` (the caller answers 202) for oversized metadata. */
@CommandHandler(RecordInteractionCommand)
export class RecordInteractionHandler implements ICommandHandler<RecordInteractionCommand, boolean> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: KnownProductsCache,
  ) {}

  async execute({ tenantId, input }: RecordInteractionCommand): Promise<boolean> {
    const productId = input.product_id !== undefined && (await this.products.exists(tenantId, input.product_id)) ? input.product_id : null;
    const metadata = JSON.stringify(input.metadata ?? {});
    if (metadataTooLarge(metadata)) return false;
    // A single INSERT commits on its own: no BEGIN/COMMIT round trips on this public path.
    await this.dataSource.query('INSERT INTO interactions (tenant_id, type, product_id, metadata) VALUES ($1, $2, $3, $4)', [
      tenantId,
      input.type,
      productId,
      metadata,
    ]);
    return true;
  }
}
