import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from '@common/errors/domain.error';

/**
 * Merchant routes act on the caller's own shop. A signed-in user without a shop (a customer, or an
 * owner before onboarding) has nothing to manage there: 403 rather than 404, so that the client
 * can tell "you have no shop" from "no such record".
 */
@Injectable()
export class MerchantTenantGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw new UnauthenticatedError();
    if (!user.tenantId) throw new ForbiddenError('You do not belong to a shop yet.');
    if (user.role === 'customer') throw new ForbiddenError('Only the shop team can manage it.');
    return true;
  }
}
