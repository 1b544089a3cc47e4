import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import { ProductNotFoundError } from '@modules/catalog/domain/catalog.errors';
import type { ProductResource } from '@modules/catalog/dto/product.dto';
import { PRODUCT_COLUMNS, ProductRow, toProductResource } from '@modules/catalog/dto/product.mapper';
import { UpdateProductCommand } from './update-product.command';

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand, ProductResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ tenantId, productId, input }: UpdateProductCommand): Promise<ProductResource> {
    const { assignments, parameters } = updateSet(
      {
        name: input.name,
        price: input.price === undefined ? undefined : centsToDecimal(toCents(input.price)),
        category_id: input.category_id,
        stock: input.stock,
        is_active: input.is_active,
      },
      3,
    );
    return inTransaction(this.dataSource, async (manager) => {
      const [rows]: [ProductRow[], number] = await manager.query(
        `UPDATE products SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${PRODUCT_COLUMNS}`,
        [tenantId, productId, ...parameters],
      );
      if (!rows[0]) throw new ProductNotFoundError();
      return toProductResource(rows[0]);
    });
  }
}
