import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
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
import { NotFoundError } from '@common/errors/domain.error';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { UuidIdParam } from '@common/http/id-params';
import { paginate, Paginated, PageQueryDto } from '@common/http/pagination';
import { Env } from '@config/env.validation';
import { CouponResource, CouponResponse, CreateCouponDto, UpdateCouponDto } from '../dto/merchant-coupon.dto';
import { MerchantCouponsService } from './merchant-coupons.service';

const PATH = '/api/v1/merchant/coupons';
const PER_PAGE = 50;

@ApiTags('merchant catalog')
@MerchantArea({ param: 'id', resource: 'coupon', id: 'uuid', notFound: 'Coupon not found.' })
@Controller(PATH.slice(1))
export class MerchantCouponsController {
  constructor(
    private readonly coupons: MerchantCouponsService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a coupon (the code is stored upper-case and is unique in the shop)' })
  @ApiCreatedResponse({ type: CouponResponse })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields, or a code the shop already has' })
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateCouponDto): Promise<{ data: CouponResource }> {
    return { data: await this.coupons.create(ctx.merchantTenantId, body) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's coupons, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [coupon], links, meta }' })
  async list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<CouponResource>> {
    const page = query.page ?? 1;
    const { coupons, total } = await this.coupons.list(ctx.merchantTenantId, page);
    return paginate(coupons, total, page, PER_PAGE, { baseUrl: this.config.get('APP_URL', { infer: true }), path: PATH });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: CouponResponse })
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async show(@Ctx() ctx: RequestContext, @UuidIdParam('id', 'Coupon not found.') id: string): Promise<{ data: CouponResource }> {
    const coupon = await this.coupons.find(ctx.merchantTenantId, id);
    if (!coupon) throw notFound();
    return { data: coupon };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a coupon (times_used is read-only)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: CouponResponse })
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid or unknown fields, or a code the shop already has' })
  async update(
    @Ctx() ctx: RequestContext,
    @UuidIdParam('id', 'Coupon not found.') id: string,
    @Body() body: UpdateCouponDto,
  ): Promise<{ data: CouponResource }> {
    const coupon = await this.coupons.update(ctx.merchantTenantId, id, body);
    if (!coupon) throw notFound();
    return { data: coupon };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a coupon (orders keep the code they were placed with)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async remove(@Ctx() ctx: RequestContext, @UuidIdParam('id', 'Coupon not found.') id: string): Promise<void> {
    if (!(await this.coupons.remove(ctx.merchantTenantId, id))) throw notFound();
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('Coupon not found.');
}
