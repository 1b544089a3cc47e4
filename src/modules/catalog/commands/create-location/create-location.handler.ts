import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { toLocationResource } from '@modules/catalog/dto/location.mapper';
import { asPrimaryLocationTaken } from '@modules/catalog/persistence/constraint-errors';
import { LocationsRepository } from '@modules/catalog/persistence/locations.repository';
import { CreateLocationCommand } from './create-location.command';

@CommandHandler(CreateLocationCommand)
export class CreateLocationHandler implements ICommandHandler<CreateLocationCommand, LocationResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: LocationsRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, input }: CreateLocationCommand): Promise<LocationResource> {
    try {
      const location = await inTransaction(this.dataSource, async (manager) => {
        if (input.is_primary === true) await this.locations.demotePrimary(manager, tenantId, null);
        const row = await this.locations.insert(manager, tenantId, {
          name: input.name,
          address: input.address ?? null,
          phone: input.phone || null,
          is_primary: input.is_primary ?? false,
          is_active: input.is_active ?? true,
          delivery_fee: centsToDecimal(toCents(input.delivery_fee ?? 0)),
        });
        return toLocationResource(row);
      });
      void this.changes.changed(tenantId);
      return location;
    } catch (error) {
      throw asPrimaryLocationTaken(error);
    }
  }
}
