import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { ProductNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { asProductInUse } from '@modules/catalog/persistence/constraint-errors';
import { ProductsRepository } from '@modules/catalog/persistence/products.repository';
import { DeleteProductCommand } from './delete-product.command';

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, productId }: DeleteProductCommand): Promise<void> {
    try {
      await inTransaction(this.dataSource, async (manager) => {
        if (!(await this.products.delete(manager, tenantId, productId))) throw new ProductNotFoundError();
      });
    } catch (error) {
      throw asProductInUse(error);
    }
    void this.changes.changed(tenantId);
  }
}
