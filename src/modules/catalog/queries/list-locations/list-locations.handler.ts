import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import type { LocationResource } from '@modules/catalog/dto/location.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { CountLocationsQuery, ListLocationsQuery } from './list-locations.query';

@QueryHandler(ListLocationsQuery)
export class ListLocationsHandler implements IQueryHandler<ListLocationsQuery, PageSlice<LocationResource>> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, window }: ListLocationsQuery): Promise<PageSlice<LocationResource>> {
    return this.catalog.locationPage(tenantId, window);
  }
}

@QueryHandler(CountLocationsQuery)
export class CountLocationsHandler implements IQueryHandler<CountLocationsQuery, number> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId }: CountLocationsQuery): Promise<number> {
    return this.catalog.locationCount(tenantId);
  }
}
