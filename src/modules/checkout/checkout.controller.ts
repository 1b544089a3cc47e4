import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { ApiBoundedTooManyRequests } from '@common/http/api-docs';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import type { CouponAccepted } from '@modules/coupons';
import { ApplyCouponCommand } from './commands/apply-coupon/apply-coupon.command';
import { HoldInventoryCommand, HoldResult } from './commands/hold-inventory/hold-inventory.command';
import { ReleaseInventoryCommand } from './commands/release-inventory/release-inventory.command';
import { RemoveCouponCommand } from './commands/remove-coupon/remove-coupon.command';
import { SyncCartCommand } from './commands/sync-cart/sync-cart.command';
import { CartSummaryDto, HoldInventoryDto, SessionFieldsDto, ValidateCouponDto } from './dto/checkout.dto';
import {
  CartSynchronizedAnswer,
  CheckoutCouponAccepted,
  CheckoutCouponRejection,
  CouponRemovedAnswer,
  HoldConflict,
  HoldRejection,
  InventoryHeldAnswer,
  InventoryReleasedAnswer,
} from './dto/checkout.resources';

const UNKNOWN_SHOP = 'The shop could not be identified: send tenant_id, X-Tenant-ID or X-Tenant-Slug.';

/** The shop named by a body `tenant_id`, `X-Tenant-ID` or `X-Tenant-Slug`; one that cannot be found is a 422 on `tenant_id`. */
const SessionStorefront = () => Storefront({ from: 'body-or-headers', unknown: { status: 422, message: UNKNOWN_SHOP } });

const INVALID = 'A field breaks a rule, or the shop cannot be identified (`errors.tenant_id`)';

@ApiTags('checkout')
@Controller('api/v1/checkout')
export class CheckoutController {
  constructor(private readonly commands: CommandBus) {}

  @Post('validate-coupon')
  @SessionStorefront()
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @ApiOperation({
    summary: "Validate a coupon for the session's cart and keep it on the session",
    description:
      'The coupon is checked as `POST /api/v1/coupons/verify` checks it, against `cart_subtotal` or else the cart the session ' +
      'stored (cart-summary) priced from the catalog now. An accepted coupon is kept on a stored session; a session id no ' +
      'cart-summary stored stays unstored. Send the bearer token when signed in (per-customer limits); an invalid one is ignored.',
  })
  @ApiOkResponse({ type: CheckoutCouponAccepted, description: 'The coupon applies' })
  @ApiExtraModels(CheckoutCouponRejection)
  @ApiUnprocessableEntityResponse({
    description:
      'The coupon does not apply (`{ valid: false, error, error_code }`), or a field breaks a rule: `cart_subtotal` when the session has no cart, `errors.tenant_id` when the shop cannot be identified',
    content: {
      'application/json': {
        schema: { oneOf: [{ $ref: '#/components/schemas/ValidationError' }, { $ref: getSchemaPath(CheckoutCouponRejection) }] },
      },
    },
  })
  async validateCoupon(@Ctx() ctx: RequestContext, @Body() body: ValidateCouponDto): Promise<CheckoutCouponAccepted> {
    const tenant = ctx.storefrontTenant();
    return this.commands.execute<ApplyCouponCommand, CouponAccepted>(
      new ApplyCouponCommand(tenant.id, body.session_id, body.code, body.cart_subtotal, body, ctx.user?.id ?? null),
    );
  }

  @Post('remove-coupon')
  @SessionStorefront()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Remove the coupon from the checkout session',
    description: 'Answers the same whether or not the session exists or held a coupon; stores no session of its own.',
  })
  @ApiOkResponse({ type: CouponRemovedAnswer })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  async removeCoupon(@Ctx() ctx: RequestContext, @Body() body: SessionFieldsDto): Promise<CouponRemovedAnswer> {
    const tenant = ctx.storefrontTenant();
    await this.commands.execute<RemoveCouponCommand, void>(new RemoveCouponCommand(tenant.id, body.session_id));
    return { success: true, message: 'Coupon removed.' };
  }

  @Post('cart-summary')
  @SessionStorefront()
  @HttpCode(200)
  @OptionalAuth()
  @ApiOperation({
    operationId: 'syncCartSummary',
    summary: 'Synchronize the cart with the checkout session (send the bearer token when signed in)',
    description:
      'Stores the lines (product_id and quantity only; each an active product of the shop) on the session, which is live ' +
      '30 minutes and forgotten 2 hours after its last use, creating the session when it has none, and remembers the signed-in user. The answer echoes the `subtotal` sent, which ' +
      'is not stored: what the session is later priced at comes from the catalog. An invalid bearer token is ignored.',
  })
  @ApiOkResponse({ type: CartSynchronizedAnswer })
  @ApiUnprocessableEntityResponse({
    description:
      'A field breaks a rule (a line that is not an active product of the shop: `items.N.product_id`), or the shop cannot be identified',
  })
  @ApiBoundedTooManyRequests(
    'Rate limit exceeded, or a new session from a client that already has CHECKOUT_MAX_SESSIONS_PER_IP (20) live checkout sessions in ' +
      'this shop; the shopper can still validate a coupon with `cart_subtotal` and place the order',
  )
  async cartSummary(@Ctx() ctx: RequestContext, @Body() body: CartSummaryDto): Promise<CartSynchronizedAnswer> {
    const tenant = ctx.storefrontTenant();
    await this.commands.execute<SyncCartCommand, void>(new SyncCartCommand(tenant.id, body.session_id, body.items, ctx.user?.id, ctx.ip));
    // The answer echoes the subtotal sent; the session keeps only the lines' ids and quantities.
    return { success: true, message: 'Cart synchronized successfully', subtotal: body.subtotal };
  }

  @Post('hold-inventory')
  @Storefront({
    from: 'body-or-headers',
    unknown: { status: 400, message: 'The shop could not be identified: send X-Tenant-ID or X-Tenant-Slug.', body: { success: false } },
  })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reserve stock for the cart for a short window',
    description:
      'Holds the lines at the named location, else the shop’s active primary one, for INVENTORY_HOLD_MINUTES. A new hold for ' +
      'the session replaces its old one; placing the session’s order turns the hold into the sale.',
  })
  @ApiOkResponse({ type: InventoryHeldAnswer })
  @ApiBadRequestResponse({
    description: 'Malformed JSON, the shop missing or unknown, or the shop has no active primary location',
    type: HoldRejection,
  })
  @ApiConflictResponse({ description: 'Not enough stock (the message does not say how much is left)', type: HoldConflict })
  @ApiUnprocessableEntityResponse({ description: 'A field breaks a rule (`location_id` not an active location of the shop)' })
  @ApiBoundedTooManyRequests(
    'Rate limit exceeded; or more than INVENTORY_HOLD_MAX_UNITS of one product in the session, INVENTORY_HOLD_MAX_SESSIONS live holding sessions from this client, ' +
      'more of a product held by this client than max(3, ceil(stock / 2)), or a renewal 30 minutes after the session first held',
  )
  async holdInventory(@Ctx() ctx: RequestContext, @Body() body: HoldInventoryDto): Promise<InventoryHeldAnswer> {
    const tenant = ctx.storefrontTenant();
    const sessionId = body.session_id ?? randomUUID();
    const hold = await this.commands.execute<HoldInventoryCommand, HoldResult>(
      new HoldInventoryCommand(tenant.id, sessionId, body.items, body.location_id, ctx.ip),
    );
    return { success: true, message: 'Inventory held.', session_id: hold.sessionId, expires_at: hold.expiresAt.toISOString() };
  }

  @Post('release-inventory')
  @SessionStorefront()
  @HttpCode(200)
  @ApiOperation({
    summary: "End the checkout session's hold (the shopper left checkout or emptied the cart)",
    description:
      'The units the session held are available again at once. Answers the same whether or not the session holds anything. ' +
      'The body may also be sent as text/plain holding the same JSON (what `navigator.sendBeacon` sends with a string): it is ' +
      'parsed, refused (400 for JSON that does not parse) and validated exactly as an application/json body.',
  })
  @ApiConsumes('application/json', 'text/plain')
  @ApiExtraModels(SessionFieldsDto)
  @ApiBody({
    description: 'The object as JSON; as text/plain, the same object as JSON text',
    schema: { anyOf: [{ $ref: getSchemaPath(SessionFieldsDto) }, { type: 'string' }] },
  })
  @ApiOkResponse({ type: InventoryReleasedAnswer })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  async releaseInventory(@Ctx() ctx: RequestContext, @Body() body: SessionFieldsDto): Promise<InventoryReleasedAnswer> {
    const tenant = ctx.storefrontTenant();
    await this.commands.execute<ReleaseInventoryCommand, void>(new ReleaseInventoryCommand(tenant.id, body.session_id));
    return { success: true, message: 'Inventory released.' };
  }
}
