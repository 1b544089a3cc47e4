import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
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
import { NotFoundError } from '@common/errors/domain.error';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { UuidIdParam } from '@common/http/id-params';
import { paginate, Paginated, PageQueryDto } from '@common/http/pagination';
import { Env } from '@config/env.validation';
import { CATALOG_PER_PAGE } from '../catalog-page';
import { CreateLocationDto, LocationResource, LocationResponse, UpdateLocationDto } from '../dto/location.dto';
import { LocationsService } from './locations.service';

const PATH = '/api/v1/merchant/locations';

@ApiTags('merchant catalog')
@MerchantArea({ param: 'id', resource: 'location', id: 'uuid', notFound: 'Location not found.' })
@Controller(PATH.slice(1))
export class MerchantLocationsController {
  constructor(
    private readonly locations: LocationsService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a location; with is_primary it replaces the current primary location' })
  @ApiCreatedResponse({ type: LocationResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  @ApiConflictResponse({ description: 'Would leave two active primary locations' })
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateLocationDto): Promise<{ data: LocationResource }> {
    return { data: await this.locations.create(ctx.merchantTenantId, body) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's locations, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [location], links, meta }' })
  async list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<LocationResource>> {
    const page = query.page ?? 1;
    const { locations, total } = await this.locations.list(ctx.merchantTenantId, page);
    return paginate(locations, total, page, CATALOG_PER_PAGE, { baseUrl: this.config.get('APP_URL', { infer: true }), path: PATH });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One location of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async show(@Ctx() ctx: RequestContext, @UuidIdParam('id', 'Location not found.') id: string): Promise<{ data: LocationResource }> {
    const location = await this.locations.find(ctx.merchantTenantId, id);
    if (!location) throw notFound();
    return { data: location };
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
    @UuidIdParam('id', 'Location not found.') id: string,
    @Body() body: UpdateLocationDto,
  ): Promise<{ data: LocationResource }> {
    const location = await this.locations.update(ctx.merchantTenantId, id, body);
    if (!location) throw notFound();
    return { data: location };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a location (its orders keep their data and lose the link)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async remove(@Ctx() ctx: RequestContext, @UuidIdParam('id', 'Location not found.') id: string): Promise<void> {
    if (!(await this.locations.remove(ctx.merchantTenantId, id))) throw notFound();
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('Location not found.');
}
