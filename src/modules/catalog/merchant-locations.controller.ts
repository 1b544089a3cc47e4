import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { UuidIdParam } from '@common/http/id-params';
import { Paginated, PageQueryDto, Paginator } from '@common/http/pagination';
import { CreateLocationCommand } from './commands/create-location/create-location.command';
import { DeleteLocationCommand } from './commands/delete-location/delete-location.command';
import { UpdateLocationCommand } from './commands/update-location/update-location.command';
import { LOCATION_NOT_FOUND } from './domain/catalog.errors';
import { CreateLocationDto, LocationResource, LocationResponse, UpdateLocationDto } from './dto/location.dto';
import { CATALOG_PER_PAGE } from './queries/catalog-page';
import { CatalogQueries } from './queries/catalog.queries';

const PATH = '/api/v1/merchant/locations';

@ApiTags('merchant catalog')
@MerchantArea({ param: 'id', resource: 'location', id: 'uuid', notFound: LOCATION_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantLocationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogQueries,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a location; with is_primary it replaces the current primary location' })
  @ApiCreatedResponse({ type: LocationResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  @ApiConflictResponse({ description: 'Would leave two active primary locations' })
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateLocationDto): Promise<{ data: LocationResource }> {
    return {
      data: await this.commands.execute<CreateLocationCommand, LocationResource>(new CreateLocationCommand(ctx.merchantTenantId, body)),
    };
  }

  @Get()
  @ApiOperation({ summary: "The shop's locations, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [location], links, meta }' })
  async list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<LocationResource>> {
    return this.paginator.page({ path: PATH, page: query.page, perPage: CATALOG_PER_PAGE }, (page) =>
      this.catalog.locationPage(ctx.merchantTenantId, page),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One location of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async show(@Ctx() ctx: RequestContext, @UuidIdParam('id', LOCATION_NOT_FOUND) id: string): Promise<{ data: LocationResource }> {
    return { data: await this.catalog.location(ctx.merchantTenantId, id) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a location; is_primary: true makes it the primary location' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  @ApiConflictResponse({ description: 'Would leave two active primary locations (e.g. reactivating a former primary)' })
  async update(
    @Ctx() ctx: RequestContext,
    @UuidIdParam('id', LOCATION_NOT_FOUND) id: string,
    @Body() body: UpdateLocationDto,
  ): Promise<{ data: LocationResource }> {
    return {
      data: await this.commands.execute<UpdateLocationCommand, LocationResource>(new UpdateLocationCommand(ctx.merchantTenantId, id, body)),
    };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a location (its orders keep their data and lose the link)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async remove(@Ctx() ctx: RequestContext, @UuidIdParam('id', LOCATION_NOT_FOUND) id: string): Promise<void> {
    await this.commands.execute<DeleteLocationCommand, void>(new DeleteLocationCommand(ctx.merchantTenantId, id));
  }
}
