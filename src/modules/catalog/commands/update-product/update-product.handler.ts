import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { ProductCategoryInvalidError, ProductNotFoundError } from '@modules/catalog/domain/catalog.errors';
import type { ProductResource } from '@modules/catalog/dto/product.dto';
import { toProductResource } from '@modules/catalog/dto/product.mapper';
import { CategoriesRepository } from '@modules/catalog/persistence/categories.repository';
import { asProductCategoryInvalid } from '@modules/catalog/persistence/constraint-errors';
import { ProductsRepository } from '@modules/catalog/persistence/products.repository';
import { UpdateProductCommand } from './update-product.command';

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand, ProductResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly categories: CategoriesRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, productId, input }: UpdateProductCommand): Promise<ProductResource> {
    const changed = {
      name: input.name,
      description: input.description,
      image_url: input.image_url,
      price: input.price === undefined ? undefined : centsToDecimal(toCents(input.price)),
      category_id: input.category_id,
      stock: input.stock,
      is_active: input.is_active,
    };
    const product = await inTransaction(this.dataSource, async (manager) => {
      // A category of the shop only (a deleted one is caught by the foreign key below).
      if (typeof input.category_id === 'number' && !(await this.categories.exists(manager, tenantId, input.category_id))) {
        throw new ProductCategoryInvalidError();
      }
      const row = await this.products.update(manager, tenantId, productId, changed);
      if (!row) throw new ProductNotFoundError();
      return toProductResource(row);
    }).catch((error: unknown) => {
      throw asProductCategoryInvalid(error);
    });
    void this.changes.changed(tenantId);
    return product;
  }
}
