import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OptionalAuth } from '@common/auth/auth.decorators';
import { ValidationFailedError } from '@common/errors/domain.error';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { CouponVerificationService } from '@modules/coupons/coupon-verification.service';
import { StorefrontTenant, StorefrontTenantResolver } from '@modules/storefront/storefront-tenant.resolver';
import { CheckoutSessionStore } from './checkout-session.store';
import { HoldInventoryCommand, HoldRejectedError, HoldResult } from './commands/hold-inventory/hold-inventory.handler';
import { CartSummaryDto, HoldInventoryDto, SessionFieldsDto, ValidateCouponDto } from './dto/checkout.dto';

@ApiTags('checkout')
@Controller('api/v1/checkout')
export class CheckoutController {
  constructor(
    private readonly tenants: StorefrontTenantResolver,
    private readonly sessions: CheckoutSessionStore,
    private readonly coupons: CouponVerificationService,
    private readonly commands: CommandBus,
  ) {}

  @Post('validate-coupon')
  @HttpCode(200)
  @RateLimit('api.verification')
  @OptionalAuth()
  @ApiOperation({ summary: "Validate a coupon for the session's cart and keep it on the session" })
  async validateCoupon(@Body() body: ValidateCouponDto, @Req() req: Request) {
    const tenant = await this.tenant(req, body.tenant_id);
    const session = await this.sessions.get(tenant.id, body.session_id);
    const subtotal = body.cart_subtotal ?? session?.subtotal ?? null;
    if (subtotal === null) {
      throw ValidationFailedError.field('cart_subtotal', 'The cart_subtotal field is required when the cart has not been synchronized.');
    }
    const userId = req.user?.id ?? session?.userId ?? null;
    const accepted = await this.coupons.verify(tenant.id, body.code, subtotal, body, userId);
    await this.sessions.update(tenant.id, body.session_id, { couponCode: accepted.code });
    return accepted;
  }

  @Post('remove-coupon')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove the coupon from the checkout session' })
  async removeCoupon(@Body() body: SessionFieldsDto, @Req() req: Request) {
    const tenant = await this.tenant(req, body.tenant_id);
    await this.sessions.update(tenant.id, body.session_id, { couponCode: null });
    return { success: true, message: 'Coupon removed.' };
  }

  @Post('cart-summary')
  @HttpCode(200)
  @OptionalAuth()
  @ApiOperation({ summary: 'Synchronize the cart with the checkout session (send the bearer token when signed in)' })
  @ApiOkResponse({ description: "{ success: true, message: 'Cart synchronized successfully', subtotal }" })
  async cartSummary(@Body() body: CartSummaryDto, @Req() req: Request) {
    const tenant = await this.tenant(req, body.tenant_id);
    const changes = { items: body.items, subtotal: body.subtotal, ...(req.user ? { userId: req.user.id } : {}) };
    await this.sessions.update(tenant.id, body.session_id, changes);
    return { success: true, message: 'Cart synchronized successfully', subtotal: body.subtotal };
  }

  @Post('hold-inventory')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reserve stock for the cart for a short window (route checkout.hold-inventory)' })
  @ApiOkResponse({ description: '{ success: true, message, session_id, expires_at }' })
  @ApiBadRequestResponse({ description: 'Tenant missing or unknown, or no active primary location' })
  @ApiConflictResponse({ description: '{ success: false, message, product_id }: not enough stock' })
  async holdInventory(@Body() body: HoldInventoryDto, @Req() req: Request) {
    const tenant = await this.tenants.resolve(req, body.tenant_id);
    if (!tenant?.isPublic) throw new HoldRejectedError('The shop could not be identified: send X-Tenant-ID or X-Tenant-Slug.');
    const sessionId = body.session_id ?? randomUUID();
    const hold = await this.commands.execute<HoldInventoryCommand, HoldResult>(
      new HoldInventoryCommand(tenant.id, sessionId, body.items, body.location_id),
    );
    return { success: true, message: 'Inventory held.', session_id: hold.sessionId, expires_at: hold.expiresAt.toISOString() };
  }

  private async tenant(req: Request, bodyTenantId: string | undefined): Promise<StorefrontTenant> {
    const tenant = await this.tenants.resolve(req, bodyTenantId);
    if (!tenant?.isPublic)
      throw ValidationFailedError.field('tenant_id', 'The shop could not be identified: send tenant_id, X-Tenant-ID or X-Tenant-Slug.');
    return tenant;
  }
}
