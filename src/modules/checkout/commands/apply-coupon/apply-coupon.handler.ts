import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { centsToNumber } from '@common/money/money';
import { CatalogQueries } from '@modules/catalog';
import { CouponAccepted, CouponVerificationService } from '@modules/coupons';
import { CartSubtotalRequiredError } from '@modules/checkout/domain/checkout.errors';
import { CheckoutSession, CheckoutSessionStore } from '@modules/checkout/sessions/checkout-session.store';
import { ApplyCouponCommand } from './apply-coupon.command';

@CommandHandler(ApplyCouponCommand)
export class ApplyCouponHandler implements ICommandHandler<ApplyCouponCommand, CouponAccepted> {
  constructor(
    private readonly sessions: CheckoutSessionStore,
    private readonly catalog: CatalogQueries,
    private readonly coupons: CouponVerificationService,
  ) {}

  async execute({ tenantId, sessionId, code, cartSubtotal, fields, userId }: ApplyCouponCommand): Promise<CouponAccepted> {
    const session = await this.sessions.get(tenantId, sessionId);
    const subtotal = cartSubtotal ?? (session ? await this.sessionSubtotal(tenantId, session) : null);
    if (subtotal === null) throw new CartSubtotalRequiredError();
    const accepted = await this.coupons.verify(tenantId, code, subtotal, fields, userId ?? session?.userId ?? null);
    // Kept on a session the cart created; a session id no cart-summary stored stays unstored.
    if (session) await this.sessions.update(tenantId, sessionId, { couponCode: accepted.code });
    return accepted;
  }

  /** The stored cart priced from the catalog now (lines whose product is gone add nothing). */
  private async sessionSubtotal(tenantId: string, session: CheckoutSession): Promise<number> {
    return centsToNumber(await this.catalog.cartSubtotal(tenantId, session.items, { onlyActive: 'skip' }));
  }
}
