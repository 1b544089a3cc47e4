import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CheckoutSessionStore } from '@modules/checkout/sessions/checkout-session.store';
import { RemoveCouponCommand } from './remove-coupon.command';

@CommandHandler(RemoveCouponCommand)
export class RemoveCouponHandler implements ICommandHandler<RemoveCouponCommand, void> {
  constructor(private readonly sessions: CheckoutSessionStore) {}

  async execute({ tenantId, sessionId }: RemoveCouponCommand): Promise<void> {
    await this.sessions.update(tenantId, sessionId, { couponCode: null });
  }
}
