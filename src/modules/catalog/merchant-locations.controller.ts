import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiCreated, ApiPage, ApiRemoved, ApiShow, ApiUpdated, PAGE_INVALID } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { UuidIdParam } from '@common/http/id-params';
import { Paginated, PageQueryDto, PageSlice, Paginator } from '@common/http/pagination';
import { CreateLocationCommand } from './commands/create-location/create-location.command';
import { DeleteLocationCommand } from './commands/delete-location/delete-location.command';
import { UpdateLocationCommand } from './commands/update-location/update-location.command';
import { LOCATION_NOT_FOUND } from './domain/catalog.errors';
import { CreateLocationDto, LocationResource, LocationResponse, UpdateLocationDto } from './dto/location.dto';
import { CATALOG_PER_PAGE } from './queries/catalog-page';
import { LOCATION_SORT_KEY } from './queries/catalog.queries';
import { GetLocationQuery } from './queries/get-location/get-location.query';
import { CountLocationsQuery, ListLocationsQuery } from './queries/list-locations/list-locations.query';

const PATH = '/api/v1/merchant/locations';
const INVALID = 'Invalid or unknown fields';
const ONE_LOCATION = {
  param: { name: 'id', description: 'The location id', schema: { type: 'string' as const, format: 'uuid' } },
  notFound: 'No such location in this shop (also an id that is not a UUID)',
};

const LocationId = () => UuidIdParam('id', LOCATION_NOT_FOUND);

@ApiTags('catalog')
@MerchantArea({ param: 'id', resource: 'location', id: 'uuid', notFound: LOCATION_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantLocationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiCreated(LocationResponse, {
    summary: 'Add a location; with is_primary it replaces the current primary location',
    invalid: INVALID,
    conflict: 'Would leave two active primary locations',
  })
  async createMerchantLocation(@Ctx() ctx: RequestContext, @Body() body: CreateLocationDto): Promise<{ data: LocationResource }> {
    return asData(this.commands.execute<CreateLocationCommand, LocationResource>(new CreateLocationCommand(ctx.merchantTenantId, body)));
  }

  @Get()
  @ApiPage(LocationResource, {
    summary: "The shop's locations, newest first, 50 a page",
    invalid: PAGE_INVALID,
  })
  async listMerchantLocations(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<LocationResource>> {
    const tenantId = ctx.merchantTenantId;
    return this.paginator.page(
      { path: PATH, page: query.page, cursor: query.cursor, perPage: CATALOG_PER_PAGE, key: LOCATION_SORT_KEY },
      {
        total: () => this.queries.execute<CountLocationsQuery, number>(new CountLocationsQuery(tenantId)),
        rows: (window) => this.queries.execute<ListLocationsQuery, PageSlice<LocationResource>>(new ListLocationsQuery(tenantId, window)),
      },
    );
  }

  @Get(':id')
  @ApiShow(LocationResponse, { ...ONE_LOCATION, summary: 'One location of the shop' })
  async showMerchantLocation(@Ctx() ctx: RequestContext, @LocationId() id: string): Promise<{ data: LocationResource }> {
    return asData(this.queries.execute<GetLocationQuery, LocationResource>(new GetLocationQuery(ctx.merchantTenantId, id)));
  }

  @Patch(':id')
  @ApiUpdated(LocationResponse, {
    ...ONE_LOCATION,
    summary: 'Change some fields of a location; is_primary: true makes it the primary location',
    invalid: INVALID,
    conflict: 'Would leave two active primary locations (e.g. reactivating a former primary)',
  })
  async updateMerchantLocation(
    @Ctx() ctx: RequestContext,
    @LocationId() id: string,
    @Body() body: UpdateLocationDto,
  ): Promise<{ data: LocationResource }> {
    return asData(
      this.commands.execute<UpdateLocationCommand, LocationResource>(new UpdateLocationCommand(ctx.merchantTenantId, id, body)),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRemoved({ ...ONE_LOCATION, summary: 'Delete a location (its orders keep their data and lose the link)' })
  async deleteMerchantLocation(@Ctx() ctx: RequestContext, @LocationId() id: string): Promise<void> {
    await this.commands.execute<DeleteLocationCommand, void>(new DeleteLocationCommand(ctx.merchantTenantId, id));
  }
}
