import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { centsToNumber } from '@common/money/money';
import { CatalogQueries } from '@modules/catalog';
import { CouponVerificationService } from '@modules/coupons';
import { HoldInventoryCommand, HoldResult } from './commands/hold-inventory/hold-inventory.command';
import { CartSubtotalRequiredError } from './domain/checkout.errors';
import { CartSummaryDto, HoldInventoryDto, SessionFieldsDto, ValidateCouponDto } from './dto/checkout.dto';
import { CheckoutSession, CheckoutSessionStore } from './sessions/checkout-session.store';

const UNKNOWN_SHOP = 'The shop could not be identified: send tenant_id, X-Tenant-ID or X-Tenant-Slug.';

@ApiTags('checkout')
@Storefront({ from: 'body-or-headers', unknown: { status: 422, message: UNKNOWN_SHOP } })
@Controller('api/v1/checkout')
export class CheckoutController {
  constructor(
    private readonly sessions: CheckoutSessionStore,
    private readonly catalog: CatalogQueries,
    private readonly coupons: CouponVerificationService,
    private readonly commands: CommandBus,
  ) {}

  @Post('validate-coupon')
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @ApiOperation({ summary: "Validate a coupon for the session's cart and keep it on the session" })
  async validateCoupon(@Ctx() ctx: RequestContext, @Body() body: ValidateCouponDto) {
    const tenant = ctx.storefrontTenant();
    const session = await this.sessions.get(tenant.id, body.session_id);
    const subtotal = body.cart_subtotal ?? (session ? await this.sessionSubtotal(tenant.id, session) : null);
    if (subtotal === null) throw new CartSubtotalRequiredError();
    const userId = ctx.user?.id ?? session?.userId ?? null;
    const accepted = await this.coupons.verify(tenant.id, body.code, subtotal, body, userId);
    // Kept on a session the cart created; a session id no cart-summary stored stays unstored.
    if (session) await this.sessions.update(tenant.id, body.session_id, { couponCode: accepted.code });
    return accepted;
  }

  @Post('remove-coupon')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove the coupon from the checkout session' })
  async removeCoupon(@Ctx() ctx: RequestContext, @Body() body: SessionFieldsDto) {
    const tenant = ctx.storefrontTenant();
    await this.sessions.update(tenant.id, body.session_id, { couponCode: null });
    return { success: true, message: 'Coupon removed.' };
  }

  /** The stored cart priced from the catalog now (lines whose product is gone add nothing). */
  private async sessionSubtotal(tenantId: string, session: CheckoutSession): Promise<number> {
    return centsToNumber(await this.catalog.cartSubtotal(tenantId, session.items, { onlyActive: 'skip' }));
  }

  @Post('cart-summary')
  @HttpCode(200)
  @OptionalAuth()
  @ApiOperation({ summary: 'Synchronize the cart with the checkout session (send the bearer token when signed in)' })
  @ApiOkResponse({
    description: "{ success: true, message: 'Cart synchronized successfully', subtotal } (subtotal priced from the catalog)",
  })
  @ApiTooManyRequestsResponse({
    description: '{ message }: a new session from a client that already has 3 live checkout sessions in this shop',
  })
  async cartSummary(@Ctx() ctx: RequestContext, @Body() body: CartSummaryDto) {
    const tenant = ctx.storefrontTenant();
    // Decisions §15: only active products of the shop are stored, and the answer's subtotal is the
    // catalog's; the client's names, prices and subtotal are accepted and ignored.
    const subtotal = await this.catalog.cartSubtotal(tenant.id, body.items, { onlyActive: 'refuse' });
    await this.sessions.saveCart(tenant.id, body.session_id, { items: body.items, userId: ctx.user?.id }, ctx.ip);
    return { success: true, message: 'Cart synchronized successfully', subtotal: centsToNumber(subtotal) };
  }

  @Post('hold-inventory')
  @Storefront({
    from: 'body-or-headers',
    unknown: { status: 400, message: 'The shop could not be identified: send X-Tenant-ID or X-Tenant-Slug.', body: { success: false } },
  })
  @HttpCode(200)
  @ApiOperation({ summary: 'Reserve stock for the cart for a short window (route checkout.hold-inventory)' })
  @ApiOkResponse({ description: '{ success: true, message, session_id, expires_at }' })
  @ApiBadRequestResponse({ description: 'Tenant missing or unknown, or no active primary location' })
  @ApiConflictResponse({
    description: '{ success: false, message, product_id }: not enough stock (the message does not say how much is left)',
  })
  @ApiTooManyRequestsResponse({
    description:
      '{ message }: more than INVENTORY_HOLD_MAX_UNITS of one product in the session, INVENTORY_HOLD_MAX_SESSIONS live holding sessions from this client, ' +
      'more of a product held by this client than max(3, ceil(stock / 2)), or a renewal 30 minutes after the session first held',
  })
  async holdInventory(@Ctx() ctx: RequestContext, @Body() body: HoldInventoryDto) {
    const tenant = ctx.storefrontTenant();
    const sessionId = body.session_id ?? randomUUID();
    const hold = await this.commands.execute<HoldInventoryCommand, HoldResult>(
      new HoldInventoryCommand(tenant.id, sessionId, body.items, body.location_id, ctx.ip),
    );
    return { success: true, message: 'Inventory held.', session_id: hold.sessionId, expires_at: hold.expiresAt.toISOString() };
  }
}
