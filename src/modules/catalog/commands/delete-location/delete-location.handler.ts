import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { LocationNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { LocationsRepository } from '@modules/catalog/persistence/locations.repository';
import { DeleteLocationCommand } from './delete-location.command';

@CommandHandler(DeleteLocationCommand)
export class DeleteLocationHandler implements ICommandHandler<DeleteLocationCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: LocationsRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, locationId }: DeleteLocationCommand): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      if (!(await this.locations.delete(manager, tenantId, locationId))) throw new LocationNotFoundError();
    });
    void this.changes.changed(tenantId);
  }
}
