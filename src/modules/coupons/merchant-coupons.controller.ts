import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiCreated, ApiPage, ApiRemoved, ApiShow, ApiUpdated, PAGE_INVALID } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { UuidIdParam } from '@common/http/id-params';
import { CursorField, Paginated, PageQueryDto, PageSlice, Paginator } from '@common/http/pagination';
import { CreateCouponCommand } from './commands/create-coupon/create-coupon.command';
import { DeleteCouponCommand } from './commands/delete-coupon/delete-coupon.command';
import { UpdateCouponCommand } from './commands/update-coupon/update-coupon.command';
import { COUPON_NOT_FOUND } from './domain/coupons.errors';
import { CouponResource, CouponResponse, CreateCouponDto, UpdateCouponDto } from './dto/merchant-coupon.dto';
import { GetCouponQuery } from './queries/get-coupon/get-coupon.query';
import { CountCouponsQuery, COUPONS_PER_PAGE, ListCouponsQuery } from './queries/list-coupons/list-coupons.query';

const PATH = '/api/v1/merchant/coupons';
const INVALID = 'Invalid or unknown fields, or a code the shop already has';
const ONE_COUPON = {
  param: { name: 'id', description: 'The coupon id', schema: { type: 'string' as const, format: 'uuid' } },
  notFound: 'No such coupon in this shop (also an id that is not a UUID)',
};

const CouponId = () => UuidIdParam('id', COUPON_NOT_FOUND);

/** created_at (microseconds), id: the list's order. */
const COUPON_SORT_KEY: readonly CursorField[] = ['timestamp', 'uuid'];

@ApiTags('coupons')
@MerchantArea({ param: 'id', resource: 'coupon', id: 'uuid', notFound: COUPON_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantCouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiCreated(CouponResponse, { summary: 'Create a coupon (the code is stored upper-case and is unique in the shop)', invalid: INVALID })
  async createMerchantCoupon(@Ctx() ctx: RequestContext, @Body() body: CreateCouponDto): Promise<{ data: CouponResource }> {
    return asData(this.commands.execute<CreateCouponCommand, CouponResource>(new CreateCouponCommand(ctx.merchantTenantId, body)));
  }

  @Get()
  @ApiPage(CouponResource, { summary: "The shop's coupons, newest first, 50 a page", invalid: PAGE_INVALID })
  async listMerchantCoupons(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<CouponResource>> {
    const tenantId = ctx.merchantTenantId;
    return this.paginator.page(
      { path: PATH, page: query.page, cursor: query.cursor, perPage: COUPONS_PER_PAGE, key: COUPON_SORT_KEY },
      {
        total: () => this.queries.execute<CountCouponsQuery, number>(new CountCouponsQuery(tenantId)),
        rows: (window) => this.queries.execute<ListCouponsQuery, PageSlice<CouponResource>>(new ListCouponsQuery(tenantId, window)),
      },
    );
  }

  @Get(':id')
  @ApiShow(CouponResponse, { ...ONE_COUPON, summary: 'One coupon of the shop' })
  async showMerchantCoupon(@Ctx() ctx: RequestContext, @CouponId() id: string): Promise<{ data: CouponResource }> {
    return asData(this.queries.execute<GetCouponQuery, CouponResource>(new GetCouponQuery(ctx.merchantTenantId, id)));
  }

  @Patch(':id')
  @ApiUpdated(CouponResponse, { ...ONE_COUPON, summary: 'Change some fields of a coupon (times_used is read-only)', invalid: INVALID })
  async updateMerchantCoupon(
    @Ctx() ctx: RequestContext,
    @CouponId() id: string,
    @Body() body: UpdateCouponDto,
  ): Promise<{ data: CouponResource }> {
    return asData(this.commands.execute<UpdateCouponCommand, CouponResource>(new UpdateCouponCommand(ctx.merchantTenantId, id, body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRemoved({ ...ONE_COUPON, summary: 'Delete a coupon (orders keep the code they were placed with)' })
  async deleteMerchantCoupon(@Ctx() ctx: RequestContext, @CouponId() id: string): Promise<void> {
    await this.commands.execute<DeleteCouponCommand, void>(new DeleteCouponCommand(ctx.merchantTenantId, id));
  }
}
