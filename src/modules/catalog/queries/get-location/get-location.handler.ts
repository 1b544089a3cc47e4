import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { GetLocationQuery } from './get-location.query';

@QueryHandler(GetLocationQuery)
export class GetLocationHandler implements IQueryHandler<GetLocationQuery, LocationResource> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, locationId }: GetLocationQuery): Promise<LocationResource> {
    return this.catalog.location(tenantId, locationId);
  }
}
