import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
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
import { Paginated, PageQueryDto, PageSlice, Paginator } from '@common/http/pagination';
import { CreateCouponCommand } from './commands/create-coupon/create-coupon.command';
import { DeleteCouponCommand } from './commands/delete-coupon/delete-coupon.command';
import { UpdateCouponCommand } from './commands/update-coupon/update-coupon.command';
import { COUPON_NOT_FOUND } from './domain/coupons.errors';
import { CouponResource, CouponResponse, CreateCouponDto, UpdateCouponDto } from './dto/merchant-coupon.dto';
import { GetCouponQuery } from './queries/get-coupon/get-coupon.query';
import { COUPONS_PER_PAGE, ListCouponsQuery } from './queries/list-coupons/list-coupons.query';

const PATH = '/api/v1/merchant/coupons';

@ApiTags('merchant catalog')
@MerchantArea({ param: 'id', resource: 'coupon', id: 'uuid', notFound: COUPON_NOT_FOUND })
@Controller(PATH.slice(1))
export class MerchantCouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a coupon (the code is stored upper-case and is unique in the shop)' })
  @ApiCreatedResponse({ type: CouponResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields, or a code the shop already has' })
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateCouponDto): Promise<{ data: CouponResource }> {
    return { data: await this.commands.execute<CreateCouponCommand, CouponResource>(new CreateCouponCommand(ctx.merchantTenantId, body)) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's coupons, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [coupon], links, meta }' })
  async list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<CouponResource>> {
    return this.paginator.page({ path: PATH, page: query.page, perPage: COUPONS_PER_PAGE }, (page) =>
      this.queries.execute<ListCouponsQuery, PageSlice<CouponResource>>(new ListCouponsQuery(ctx.merchantTenantId, page)),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: CouponResponse })
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async show(@Ctx() ctx: RequestContext, @UuidIdParam('id', COUPON_NOT_FOUND) id: string): Promise<{ data: CouponResource }> {
    return { data: await this.queries.execute<GetCouponQuery, CouponResource>(new GetCouponQuery(ctx.merchantTenantId, id)) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a coupon (times_used is read-only)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: CouponResponse })
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields, or a code the shop already has' })
  async update(
    @Ctx() ctx: RequestContext,
    @UuidIdParam('id', COUPON_NOT_FOUND) id: string,
    @Body() body: UpdateCouponDto,
  ): Promise<{ data: CouponResource }> {
    return {
      data: await this.commands.execute<UpdateCouponCommand, CouponResource>(new UpdateCouponCommand(ctx.merchantTenantId, id, body)),
    };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a coupon (orders keep the code they were placed with)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async remove(@Ctx() ctx: RequestContext, @UuidIdParam('id', COUPON_NOT_FOUND) id: string): Promise<void> {
    await this.commands.execute<DeleteCouponCommand, void>(new DeleteCouponCommand(ctx.merchantTenantId, id));
  }
}
