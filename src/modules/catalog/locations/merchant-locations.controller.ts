import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
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
import { MerchantArea, MerchantTenantId } from '@common/http/merchant-area.decorator';
import { paginate, Paginated, PageQueryDto } from '@common/http/pagination';
import { uuidId } from '@common/http/resource-ids';
import { Env } from '@config/env.validation';
import { CATALOG_PER_PAGE } from '../catalog-page';
import { CreateLocationDto, LocationResource, LocationResponse, UpdateLocationDto } from '../dto/location.dto';
import { LocationsService } from './locations.service';

const PATH = '/api/v1/merchant/locations';

@ApiTags('merchant catalog')
@MerchantArea()
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
  async create(@MerchantTenantId() tenantId: string, @Body() body: CreateLocationDto): Promise<{ data: LocationResource }> {
    return { data: await this.locations.create(tenantId, body) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's locations, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [location], links, meta }' })
  async list(@MerchantTenantId() tenantId: string, @Query() query: PageQueryDto): Promise<Paginated<LocationResource>> {
    const page = query.page ?? 1;
    const { locations, total } = await this.locations.list(tenantId, page);
    return paginate(locations, total, page, CATALOG_PER_PAGE, { baseUrl: this.config.get('APP_URL', { infer: true }), path: PATH });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One location of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async show(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<{ data: LocationResource }> {
    const id = uuidId(rawId);
    const location = id === null ? null : await this.locations.find(tenantId, id);
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
    @MerchantTenantId() tenantId: string,
    @Param('id') rawId: string,
    @Body() body: UpdateLocationDto,
  ): Promise<{ data: LocationResource }> {
    const id = uuidId(rawId);
    const location = id === null ? null : await this.locations.update(tenantId, id, body);
    if (!location) throw notFound();
    return { data: location };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a location (its orders keep their data and lose the link)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such location in this shop' })
  async remove(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<void> {
    const id = uuidId(rawId);
    if (id === null || !(await this.locations.remove(tenantId, id))) throw notFound();
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('Location not found.');
}
