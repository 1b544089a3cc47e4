import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { CategoryNameTakenError } from '@modules/catalog/domain/catalog.errors';
import { categorySlug, freeSlug } from '@modules/catalog/domain/category-slug';
import type { CategoryResource } from '@modules/catalog/dto/category.dto';
import { toCategoryResource } from '@modules/catalog/dto/category.mapper';
import { CategoriesRepository } from '@modules/catalog/persistence/categories.repository';
import { asCategoryNameTaken } from '@modules/catalog/persistence/constraint-errors';
import { CreateCategoryCommand } from './create-category.command';

@CommandHandler(CreateCategoryCommand)
export class CreateCategoryHandler implements ICommandHandler<CreateCategoryCommand, CategoryResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, input }: CreateCategoryCommand): Promise<CategoryResource> {
    try {
      const category = await inTransaction(this.dataSource, async (manager) => {
        await this.categories.lockShop(manager, tenantId);
        if (await this.categories.nameTaken(manager, tenantId, input.name, null)) throw new CategoryNameTakenError();
        const base = categorySlug(input.name);
        const slug = freeSlug(base, await this.categories.slugsLike(manager, tenantId, base, null));
        const position = input.position ?? (await this.categories.nextPosition(manager, tenantId));
        const id = await this.categories.insert(manager, tenantId, { name: input.name, slug, position });
        return toCategoryResource((await this.categories.findById(tenantId, id, manager))!);
      });
      void this.changes.changed(tenantId);
      return category;
    } catch (error) {
      throw asCategoryNameTaken(error);
    }
  }
}
