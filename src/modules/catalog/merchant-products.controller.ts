import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiCreated, ApiPage, ApiRemoved, ApiShow, ApiUpdated, PAGE_INVALID } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { IntegerIdParam } from '@common/http/id-params';
import { Paginated, PageQueryDto, PageSlice, Paginator } from '@common/http/pagination';
import { CreateProductCommand } from './commands/create-product/create-product.command';
import { DeleteProductCommand } from './commands/delete-product/delete-product.command';
import { UpdateProductCommand } from './commands/update-product/update-product.command';
import { PRODUCT_NOT_FOUND } from './domain/catalog.errors';
import { CreateProductDto, ProductResource, ProductResponse, UpdateProductDto } from './dto/product.dto';
import { CATALOG_PER_PAGE } from './queries/catalog-page';
import { PRODUCT_SORT_KEY } from './queries/catalog.queries';
import { GetProductQuery } from './queries/get-product/get-product.query';
import { CountProductsQuery, ListProductsQuery } from './queries/list-products/list-products.query';

const PATH = '/api/v1/merchant/products';
const INVALID = 'Invalid or unknown fields';
const ONE_PRODUCT = {
  param: { name: 'id', description: 'The product id', schema: { type: 'integer' as const, minimum: 1 } },
  notFound: 'No such product in this shop (also an id that is not a positive integer)',
};

const ProductId = () => IntegerIdParam('id', PRODUCT_NOT_FOUND);

@ApiTags('catalog')
@MerchantArea({ param: 'id', resource: 'product', id: 'integer', notFound: PRODUCT_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiCreated(ProductResponse, { summary: 'Add a product to the shop', invalid: INVALID })
  async createMerchantProduct(@Ctx() ctx: RequestContext, @Body() body: CreateProductDto): Promise<{ data: ProductResource }> {
    return asData(this.commands.execute<CreateProductCommand, ProductResource>(new CreateProductCommand(ctx.merchantTenantId, body)));
  }

  @Get()
  @ApiPage(ProductResource, {
    summary: "The shop's products, newest first, 50 a page",
    invalid: PAGE_INVALID,
  })
  async listMerchantProducts(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<ProductResource>> {
    const tenantId = ctx.merchantTenantId;
    return this.paginator.page(
      { path: PATH, page: query.page, cursor: query.cursor, perPage: CATALOG_PER_PAGE, key: PRODUCT_SORT_KEY },
      {
        total: () => this.queries.execute<CountProductsQuery, number>(new CountProductsQuery(tenantId)),
        rows: (window) => this.queries.execute<ListProductsQuery, PageSlice<ProductResource>>(new ListProductsQuery(tenantId, window)),
      },
    );
  }

  @Get(':id')
  @ApiShow(ProductResponse, { ...ONE_PRODUCT, summary: 'One product of the shop' })
  async showMerchantProduct(@Ctx() ctx: RequestContext, @ProductId() id: number): Promise<{ data: ProductResource }> {
    return asData(this.queries.execute<GetProductQuery, ProductResource>(new GetProductQuery(ctx.merchantTenantId, id)));
  }

  @Patch(':id')
  @ApiUpdated(ProductResponse, { ...ONE_PRODUCT, summary: 'Change some fields of a product', invalid: INVALID })
  async updateMerchantProduct(
    @Ctx() ctx: RequestContext,
    @ProductId() id: number,
    @Body() body: UpdateProductDto,
  ): Promise<{ data: ProductResource }> {
    return asData(this.commands.execute<UpdateProductCommand, ProductResource>(new UpdateProductCommand(ctx.merchantTenantId, id, body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRemoved({
    ...ONE_PRODUCT,
    summary: 'Delete a product that no order refers to',
    conflict: 'Orders refer to the product: deactivate it instead',
  })
  async deleteMerchantProduct(@Ctx() ctx: RequestContext, @ProductId() id: number): Promise<void> {
    await this.commands.execute<DeleteProductCommand, void>(new DeleteProductCommand(ctx.merchantTenantId, id));
  }
}
