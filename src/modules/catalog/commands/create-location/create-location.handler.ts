import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { centsToDecimal, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import { asPrimaryLocationTaken } from '@modules/catalog/persistence/constraint-errors';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { LOCATION_COLUMNS, LocationRow, toLocationResource } from '@modules/catalog/dto/location.mapper';
import { demotePrimaryLocation } from '../primary-location';
import { CreateLocationCommand } from './create-location.command';

@CommandHandler(CreateLocationCommand)
export class CreateLocationHandler implements ICommandHandler<CreateLocationCommand, LocationResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, input }: CreateLocationCommand): Promise<LocationResource> {
    try {
      return await inTransaction(this.dataSource, async (manager) => {
        if (input.is_primary === true) await demotePrimaryLocation(manager, tenantId, null);
        const rows: LocationRow[] = await manager.query(
          `INSERT INTO locations (tenant_id, name, address, is_primary, is_active, delivery_fee)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${LOCATION_COLUMNS}`,
          [
            tenantId,
            input.name,
            input.address ?? null,
            input.is_primary ?? false,
            input.is_active ?? true,
            centsToDecimal(toCents(input.delivery_fee ?? 0)),
          ],
        );
        return toLocationResource(rows[0]);
      });
    } catch (error) {
      throw asPrimaryLocationTaken(error);
    }
  }
}
