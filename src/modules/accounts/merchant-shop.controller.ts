import { Body, Controller, Get, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiShow, ApiUpdated } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { UpdateShopCommand } from './commands/update-shop/update-shop.command';
import { ShopResource, ShopResponse, UpdateShopDto } from './dto/shop.dto';
import { GetShopQuery } from './queries/get-shop/get-shop.query';

const SHOP_GONE = 'The shop was archived';

/** The caller's own shop: its profile and settings (decisions §17, §19). */
@ApiTags('accounts')
@MerchantArea()
@Controller('api/v1/merchant/shop')
export class MerchantShopController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiShow(ShopResponse, {
    summary: "The caller's shop: profile, contact details, AI credits, subscription, public page, language, time zone and payment methods",
    notFound: SHOP_GONE,
  })
  showMerchantShop(@Ctx() ctx: RequestContext): Promise<ShopResponse> {
    return asData(this.queries.execute<GetShopQuery, ShopResource>(new GetShopQuery(ctx.merchantTenantId)));
  }

  @Patch()
  @ApiUpdated(ShopResponse, {
    summary: "Change some of the shop's profile and settings (the slug never changes)",
    description: 'A field left out is unchanged; a text field sent as null or "" is cleared. The answer is the shop as it now is.',
    notFound: SHOP_GONE,
    invalid:
      'A field too long, of the wrong type, an unknown language, time zone or payment method, bank_transfer accepted without ' +
      '`bank_transfer_instructions`, a phone, WhatsApp number, email or https:// URL not of its form, a social network other than ' +
      'facebook, instagram and tiktok, or a field that cannot be changed here (`slug`, …)',
  })
  updateMerchantShop(@Ctx() ctx: RequestContext, @Body() body: UpdateShopDto): Promise<ShopResponse> {
    return asData(this.commands.execute<UpdateShopCommand, ShopResource>(new UpdateShopCommand(ctx.merchantTenantId, body)));
  }
}
