import type { UpdateLocationDto } from '@modules/catalog/dto/location.dto';

/** Changes the given fields of one of the shop's locations; 404 when the shop has no such location. */
export class UpdateLocationCommand {
  constructor(
    readonly tenantId: string,
    readonly locationId: string,
    readonly input: UpdateLocationDto,
  ) {}
}
