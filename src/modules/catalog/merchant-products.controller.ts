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
import { IntegerIdParam } from '@common/http/id-params';
import { Paginated, PageQueryDto, Paginator } from '@common/http/pagination';
import { CreateProductCommand } from './commands/create-product/create-product.command';
import { DeleteProductCommand } from './commands/delete-product/delete-product.command';
import { UpdateProductCommand } from './commands/update-product/update-product.command';
import { PRODUCT_NOT_FOUND } from './domain/catalog.errors';
import { CreateProductDto, ProductResource, ProductResponse, UpdateProductDto } from './dto/product.dto';
import { CATALOG_PER_PAGE } from './queries/catalog-page';
import { CatalogQueries } from './queries/catalog.queries';

const PATH = '/api/v1/merchant/products';

@ApiTags('merchant catalog')
@MerchantArea({ param: 'id', resource: 'product', id: 'integer', notFound: PRODUCT_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogQueries,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a product to the shop' })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateProductDto): Promise<{ data: ProductResource }> {
    return {
      data: await this.commands.execute<CreateProductCommand, ProductResource>(new CreateProductCommand(ctx.merchantTenantId, body)),
    };
  }

  @Get()
  @ApiOperation({ summary: "The shop's products, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [product], links, meta }' })
  async list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<ProductResource>> {
    return this.paginator.page({ path: PATH, page: query.page, perPage: CATALOG_PER_PAGE }, (page) =>
      this.catalog.productPage(ctx.merchantTenantId, page),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product of the shop' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: ProductResponse })
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  async show(@Ctx() ctx: RequestContext, @IntegerIdParam('id', PRODUCT_NOT_FOUND) id: number): Promise<{ data: ProductResource }> {
    return { data: await this.catalog.product(ctx.merchantTenantId, id) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a product' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: ProductResponse })
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields' })
  async update(
    @Ctx() ctx: RequestContext,
    @IntegerIdParam('id', PRODUCT_NOT_FOUND) id: number,
    @Body() body: UpdateProductDto,
  ): Promise<{ data: ProductResource }> {
    return {
      data: await this.commands.execute<UpdateProductCommand, ProductResource>(new UpdateProductCommand(ctx.merchantTenantId, id, body)),
    };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a product that no order refers to' })
  @ApiParam({ name: 'id', type: Number })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such product in this shop' })
  @ApiConflictResponse({ description: 'Orders refer to the product: deactivate it instead' })
  async remove(@Ctx() ctx: RequestContext, @IntegerIdParam('id', PRODUCT_NOT_FOUND) id: number): Promise<void> {
    await this.commands.execute<DeleteProductCommand, void>(new DeleteProductCommand(ctx.merchantTenantId, id));
  }
}
