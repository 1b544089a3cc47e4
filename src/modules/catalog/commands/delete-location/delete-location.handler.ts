import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { LocationNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { DeleteLocationCommand } from './delete-location.command';

@CommandHandler(DeleteLocationCommand)
export class DeleteLocationHandler implements ICommandHandler<DeleteLocationCommand, void> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ tenantId, locationId }: DeleteLocationCommand): Promise<void> {
    return inTransaction(this.dataSource, async (manager) => {
      const [, affected]: [unknown, number] = await manager.query('DELETE FROM locations WHERE tenant_id = $1 AND id = $2', [
        tenantId,
        locationId,
      ]);
      if (affected === 0) throw new LocationNotFoundError();
    });
  }
}
