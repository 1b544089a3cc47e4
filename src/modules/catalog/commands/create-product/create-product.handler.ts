import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import type { ProductResource } from '@modules/catalog/dto/product.dto';
import { PRODUCT_COLUMNS, ProductRow, toProductResource } from '@modules/catalog/dto/product.mapper';
import { CreateProductCommand } from './create-product.command';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, ProductResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ tenantId, input }: CreateProductCommand): Promise<ProductResource> {
    return inTransaction(this.dataSource, async (manager) => {
      const rows: ProductRow[] = await manager.query(
        `INSERT INTO products (tenant_id, name, price, category_id, stock, is_active)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PRODUCT_COLUMNS}`,
        [
          tenantId,
          input.name,
          centsToDecimal(toCents(input.price)),
          input.category_id ?? null,
          input.stock ?? null,
          input.is_active ?? true,
        ],
      );
      return toProductResource(rows[0]);
    });
  }
}
