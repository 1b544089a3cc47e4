import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import { LocationNotFoundError } from '@modules/catalog/domain/catalog.errors';
import { asPrimaryLocationTaken } from '@modules/catalog/persistence/constraint-errors';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { LOCATION_COLUMNS, LocationRow, toLocationResource } from '@modules/catalog/dto/location.mapper';
import { demotePrimaryLocation } from '../primary-location';
import { UpdateLocationCommand } from './update-location.command';

@CommandHandler(UpdateLocationCommand)
export class UpdateLocationHandler implements ICommandHandler<UpdateLocationCommand, LocationResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, locationId, input }: UpdateLocationCommand): Promise<LocationResource> {
    const { assignments, parameters } = updateSet(
      {
        name: input.name,
        address: input.address,
        is_primary: input.is_primary,
        is_active: input.is_active,
        delivery_fee: input.delivery_fee === undefined ? undefined : centsToDecimal(toCents(input.delivery_fee)),
      },
      3,
    );
    try {
      return await inTransaction(this.dataSource, async (manager) => {
        if (input.is_primary === true) {
          // Checked first so that an unknown id demotes nobody.
          const exists: unknown[] = await manager.query('SELECT 1 FROM locations WHERE tenant_id = $1 AND id = $2', [tenantId, locationId]);
          if (exists.length === 0) throw new LocationNotFoundError();
          await demotePrimaryLocation(manager, tenantId, locationId);
        }
        const [rows]: [LocationRow[], number] = await manager.query(
          `UPDATE locations SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${LOCATION_COLUMNS}`,
          [tenantId, locationId, ...parameters],
        );
        if (!rows[0]) throw new LocationNotFoundError();
        return toLocationResource(rows[0]);
      });
    } catch (error) {
      throw asPrimaryLocationTaken(error);
    }
  }
}
