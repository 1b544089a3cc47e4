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
import { CreateCategoryCommand } from './commands/create-category/create-category.command';
import { DeleteCategoryCommand } from './commands/delete-category/delete-category.command';
import { UpdateCategoryCommand } from './commands/update-category/update-category.command';
import { CATEGORY_NOT_FOUND } from './domain/catalog.errors';
import { CategoryResource, CategoryResponse, CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { CATALOG_PER_PAGE } from './queries/catalog-page';
import { CATEGORY_SORT_KEY } from './queries/catalog.queries';
import { GetCategoryQuery } from './queries/get-category/get-category.query';
import { CountCategoriesQuery, ListCategoriesQuery } from './queries/list-categories/list-categories.query';

const PATH = '/api/v1/merchant/categories';
const INVALID = 'Invalid or unknown fields, or a name another category of the shop has (case aside)';
const ONE_CATEGORY = {
  param: { name: 'id', description: 'The category id', schema: { type: 'integer' as const, minimum: 1 } },
  notFound: 'No such category in this shop (also an id that is not a positive integer)',
};

const CategoryId = () => IntegerIdParam('id', CATEGORY_NOT_FOUND);

@ApiTags('catalog')
@MerchantArea({ param: 'id', resource: 'category', id: 'integer', notFound: CATEGORY_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantCategoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiCreated(CategoryResponse, { summary: 'Add a category; its slug is made from the name', invalid: INVALID })
  async createMerchantCategory(@Ctx() ctx: RequestContext, @Body() body: CreateCategoryDto): Promise<{ data: CategoryResource }> {
    return asData(this.commands.execute<CreateCategoryCommand, CategoryResource>(new CreateCategoryCommand(ctx.merchantTenantId, body)));
  }

  @Get()
  @ApiPage(CategoryResource, { summary: "The shop's categories, by position then id, 50 a page", invalid: PAGE_INVALID })
  async listMerchantCategories(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<CategoryResource>> {
    const tenantId = ctx.merchantTenantId;
    return this.paginator.page(
      { path: PATH, page: query.page, cursor: query.cursor, perPage: CATALOG_PER_PAGE, key: CATEGORY_SORT_KEY },
      {
        total: () => this.queries.execute<CountCategoriesQuery, number>(new CountCategoriesQuery(tenantId)),
        rows: (window) => this.queries.execute<ListCategoriesQuery, PageSlice<CategoryResource>>(new ListCategoriesQuery(tenantId, window)),
      },
    );
  }

  @Get(':id')
  @ApiShow(CategoryResponse, { ...ONE_CATEGORY, summary: 'One category of the shop' })
  async showMerchantCategory(@Ctx() ctx: RequestContext, @CategoryId() id: number): Promise<{ data: CategoryResource }> {
    return asData(this.queries.execute<GetCategoryQuery, CategoryResource>(new GetCategoryQuery(ctx.merchantTenantId, id)));
  }

  @Patch(':id')
  @ApiUpdated(CategoryResponse, { ...ONE_CATEGORY, summary: 'Rename (a new slug follows) or move a category', invalid: INVALID })
  async updateMerchantCategory(
    @Ctx() ctx: RequestContext,
    @CategoryId() id: number,
    @Body() body: UpdateCategoryDto,
  ): Promise<{ data: CategoryResource }> {
    return asData(
      this.commands.execute<UpdateCategoryCommand, CategoryResource>(new UpdateCategoryCommand(ctx.merchantTenantId, id, body)),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRemoved({ ...ONE_CATEGORY, summary: 'Delete a category; its products stay, without a category' })
  async deleteMerchantCategory(@Ctx() ctx: RequestContext, @CategoryId() id: number): Promise<void> {
    await this.commands.execute<DeleteCategoryCommand, void>(new DeleteCategoryCommand(ctx.merchantTenantId, id));
  }
}
