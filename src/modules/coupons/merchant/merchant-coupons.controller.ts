import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
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
import { MerchantArea, MerchantTenantId } from '@common/http/merchant-area.decorator';
import { paginate, Paginated, PageQueryDto } from '@common/http/pagination';
import { uuidId } from '@common/http/resource-ids';
import { Env } from '@config/env.validation';
import { CouponResource, CouponResponse, CreateCouponDto, UpdateCouponDto } from '../dto/merchant-coupon.dto';
import { MerchantCouponsService } from './merchant-coupons.service';

const PATH = '/api/v1/merchant/coupons';
const PER_PAGE = 50;

@ApiTags('merchant catalog')
@MerchantArea()
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
  async create(@MerchantTenantId() tenantId: string, @Body() body: CreateCouponDto): Promise<{ data: CouponResource }> {
    return { data: await this.coupons.create(tenantId, body) };
  }

  @Get()
  @ApiOperation({ summary: "The shop's coupons, newest first, 50 a page" })
  @ApiOkResponse({ description: '{ data: [coupon], links, meta }' })
  async list(@MerchantTenantId() tenantId: string, @Query() query: PageQueryDto): Promise<Paginated<CouponResource>> {
    const page = query.page ?? 1;
    const { coupons, total } = await this.coupons.list(tenantId, page);
    return paginate(coupons, total, page, PER_PAGE, { baseUrl: this.config.get('APP_URL', { infer: true }), path: PATH });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon of the shop' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: CouponResponse })
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async show(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<{ data: CouponResource }> {
    const id = uuidId(rawId);
    const coupon = id === null ? null : await this.coupons.find(tenantId, id);
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
    @MerchantTenantId() tenantId: string,
    @Param('id') rawId: string,
    @Body() body: UpdateCouponDto,
  ): Promise<{ data: CouponResource }> {
    const id = uuidId(rawId);
    const coupon = id === null ? null : await this.coupons.update(tenantId, id, body);
    if (!coupon) throw notFound();
    return { data: coupon };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a coupon (orders keep the code they were placed with)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such coupon in this shop' })
  async remove(@MerchantTenantId() tenantId: string, @Param('id') rawId: string): Promise<void> {
    const id = uuidId(rawId);
    if (id === null || !(await this.coupons.remove(tenantId, id))) throw notFound();
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('Coupon not found.');
}
