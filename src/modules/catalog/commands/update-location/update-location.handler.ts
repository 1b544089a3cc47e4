import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { LocationNotFoundError } from '@modules/catalog/domain/catalog.errors';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { toLocationResource } from '@modules/catalog/dto/location.mapper';
import { asPrimaryLocationTaken } from '@modules/catalog/persistence/constraint-errors';
import { LocationsRepository } from '@modules/catalog/persistence/locations.repository';
import { UpdateLocationCommand } from './update-location.command';

@CommandHandler(UpdateLocationCommand)
export class UpdateLocationHandler implements ICommandHandler<UpdateLocationCommand, LocationResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: LocationsRepository,
    private readonly changes: CatalogChanges,
  ) {}

  async execute({ tenantId, locationId, input }: UpdateLocationCommand): Promise<LocationResource> {
    const changed = {
      name: input.name,
      address: input.address,
      // "" clears it, as null does.
      phone: input.phone === '' ? null : input.phone,
      is_primary: input.is_primary,
      is_active: input.is_active,
      delivery_fee: input.delivery_fee === undefined ? undefined : centsToDecimal(toCents(input.delivery_fee)),
    };
    try {
      const location = await inTransaction(this.dataSource, async (manager) => {
        if (input.is_primary === true) {
          // Checked first so that an unknown id demotes nobody.
          if (!(await this.locations.exists(manager, tenantId, locationId))) throw new LocationNotFoundError();
          await this.locations.demotePrimary(manager, tenantId, locationId);
        }
        const row = await this.locations.update(manager, tenantId, locationId, changed);
        if (!row) throw new LocationNotFoundError();
        return toLocationResource(row);
      });
      void this.changes.changed(tenantId);
      return location;
    } catch (error) {
      throw asPrimaryLocationTaken(error);
    }
  }
}
