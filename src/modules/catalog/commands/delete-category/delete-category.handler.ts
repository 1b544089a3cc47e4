import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { CategoryNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { CategoriesRepository } from '@modules/catalog/persistence/categories.repository';
import { DeleteCategoryCommand } from './delete-category.command';

@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler implements ICommandHandler<DeleteCategoryCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, categoryId }: DeleteCategoryCommand): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      await this.categories.lockShop(manager, tenantId);
      if (!(await this.categories.delete(manager, tenantId, categoryId))) throw new CategoryNotFoundError();
    });
    void this.changes.changed(tenantId);
  }
}
