import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { ProductNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { asProductInUse } from '@modules/catalog/persistence/constraint-errors';
import { DeleteProductCommand } from './delete-product.command';

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand, void> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, productId }: DeleteProductCommand): Promise<void> {
    try {
      await inTransaction(this.dataSource, async (manager) => {
        const [, affected]: [unknown, number] = await manager.query('DELETE FROM products WHERE tenant_id = $1 AND id = $2', [
          tenantId,
          productId,
        ]);
        if (affected === 0) throw new ProductNotFoundError();
      });
    } catch (error) {
      throw asProductInUse(error);
    }
  }
}
