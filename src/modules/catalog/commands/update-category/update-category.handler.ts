import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { CategoryNameTakenError, CategoryNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { categorySlug, freeSlug } from '@modules/catalog/domain/category-slug';
import type { CategoryResource } from '@modules/catalog/dto/category.dto';
import { toCategoryResource } from '@modules/catalog/dto/category.mapper';
import { CategoriesRepository } from '@modules/catalog/persistence/categories.repository';
import { asCategoryNameTaken } from '@modules/catalog/persistence/constraint-errors';
import { UpdateCategoryCommand } from './update-category.command';

@CommandHandler(UpdateCategoryCommand)
export class UpdateCategoryHandler implements ICommandHandler<UpdateCategoryCommand, CategoryResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, categoryId, input }: UpdateCategoryCommand): Promise<CategoryResource> {
    try {
      const category = await inTransaction(this.dataSource, async (manager) => {
        await this.categories.lockShop(manager, tenantId);
        const current = await this.categories.findById(tenantId, categoryId, manager);
        if (!current) throw new CategoryNotFoundError();
        const changed: { name?: string; slug?: string; position?: number } = { position: input.position };
        if (input.name !== undefined && input.name !== current.name) {
          if (await this.categories.nameTaken(manager, tenantId, input.name, categoryId)) throw new CategoryNameTakenError();
          const base = categorySlug(input.name);
          changed.name = input.name;
          changed.slug = freeSlug(base, await this.categories.slugsLike(manager, tenantId, base, categoryId));
        }
        await this.categories.update(manager, tenantId, categoryId, changed);
        return toCategoryResource((await this.categories.findById(tenantId, categoryId, manager))!);
      });
      void this.changes.changed(tenantId);
      return category;
    } catch (error) {
      throw asCategoryNameTaken(error);
    }
  }
}
