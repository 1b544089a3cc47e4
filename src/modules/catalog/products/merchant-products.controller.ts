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
import { integerId } from '@common/http/resource-ids';
import { Env } from '@config/env.validation';
import { CATALOG_PER_PAGE } from '../catalog-page';
import { CreateProductDto, ProductResource, ProductResponse, UpdateProductDto } from '../dto/product.dto';
import { ProductsService } from './products.service';

const PATH = '/api/v1/merchant/products';

@ApiTags('merchant catalog')
@MerchantArea()
@Controller(PATH.slice(1))
export class MerchantProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a product to the shop' })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  async create(@MerchantTenantId() tenantId: string, @Body() body: CreateProductDto): Promise<{ data: ProductResource }> {
    return { data: await this.products.create(tenantId, body) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's products, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [product], links, meta }' })
  async list(@MerchantTenantId() tenantId: string, @Query() query: PageQueryDto): Promise<Paginated<ProductResource>> {
    const page = query.page ?? 1;
    const { products, total } = await this.products.list(tenantId, page);
    return paginate(products, total, page, CATALOG_PER_PAGE, { baseUrl: this.config.get('APP_URL', { infer: true }), path: PATH });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product of the shop' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: ProductResponse })
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  async show(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<{ data: ProductResource }> {
    const id = integerId(rawId);
    const product = id === null ? null : await this.products.find(tenantId, id);
    if (!product) throw notFound();
    return { data: product };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a product' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: ProductResponse })
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  async update(
    @MerchantTenantId() tenantId: string,
    @Param('id') rawId: string,
    @Body() body: UpdateProductDto,
  ): Promise<{ data: ProductResource }> {
    const id = integerId(rawId);
    const product = id === null ? null : await this.products.update(tenantId, id, body);
    if (!product) throw notFound();
    return { data: product };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a product that no order refers to' })
  @ApiParam({ name: 'id', type: Number })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  @ApiConflictResponse({ description: 'Orders refer to the product: deactivate it instead' })
  async remove(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<void> {
    const id = integerId(rawId);
    if (id === null || !(await this.products.remove(tenantId, id))) throw notFound();
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('Product not found.');
}
