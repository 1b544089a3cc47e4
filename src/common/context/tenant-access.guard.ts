import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@common/errors/domain.error';
import { loggableUrl } from '@common/http/loggable-url';
import { integerId, uuidId } from '@common/http/resource-ids';
import { SecurityLogService } from '@common/security/security-log.service';
import { Authenticated } from './auth.decorators';
import { contextOf, Principal } from './request-context';
import { TenantOwnershipRegistry } from './tenant-ownership.registry';

const OWNED_RESOURCE_KEY = 'storefront:owned-resource';

/** The tenant-owned resource a merchant route's path parameter names. */
export interface OwnedResource {
  /** Path parameter holding the id (`order`, `id`). */
  param: string;
  /** Name registered in TenantOwnershipRegistry, also written to the security log. */
  resource: string;
  id: 'integer' | 'uuid';
  /** The 404 message: a foreign row answers exactly like a missing one. */
  notFound: string;
}

/**
 * A controller (or route) of the merchant back office (`tenant.ownership`): signed in, on a shop's
 * team, and, where the path names a resource, that resource belongs to the caller's shop.
 */
export const MerchantArea = (owned?: OwnedResource) =>
  applyDecorators(
    Authenticated(),
    SetMetadata(OWNED_RESOURCE_KEY, owned ?? null),
    UseGuards(TenantAccessGuard),
    ApiForbiddenResponse({ description: 'The signed-in user does not belong to a shop (or is not on its team)' }),
  );

/**
 * Why a signed-in user may not act for a shop, or null when it may: it must be on a shop's team (a
 * shop of its own, and not a customer's account). Merchant routes and the realtime channel ask
 * this same question.
 */
export function merchantAccessRefusal(user: Principal): string | null {
  if (!user.tenantId) return 'You do not belong to a shop yet.';
  if (user.role === 'customer') return 'Only the shop team can manage it.';
  return null;
}

/**
 * The one tenant access check for merchant routes. A signed-in user without a shop (a customer, or
 * an owner before onboarding) has nothing to manage: 403, so a client can tell "you have no shop"
 * from "no such record". A path id of another shop's row answers 404, exactly like a missing one,
 * and the attempt goes to the security log (TENANT_OWNERSHIP_VIOLATION). Handlers still filter
 * every query by tenant: this guard is what notices and records the attempt.
 */
@Injectable()
export class TenantAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly owners: TenantOwnershipRegistry,
    private readonly securityLog: SecurityLogService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { user } = contextOf(req);
    if (!user) throw new UnauthenticatedError();
    const refusal = merchantAccessRefusal(user);
    if (refusal) throw new ForbiddenError(refusal);

    const owned = this.reflector.getAllAndOverride<OwnedResource | null>(OWNED_RESOURCE_KEY, [context.getHandler(), context.getClass()]);
    const raw = owned ? req.params[owned.param] : undefined;
    if (!owned || typeof raw !== 'string') return true;
    const id = owned.id === 'integer' ? integerId(raw) : uuidId(raw);
    if (id === null) throw new NotFoundError(owned.notFound);
    const owner = await this.owners.ownerOf(owned.resource, id);
    if (owner === null) throw new NotFoundError(owned.notFound);
    if (owner !== user.tenantId) {
      await this.securityLog.record('TENANT_OWNERSHIP_VIOLATION', {
        userId: user.id,
        tenantId: user.tenantId,
        resourceType: owned.resource,
        resourceId: raw,
        ip: req.ip ?? null,
        details: { method: req.method, path: loggableUrl(req.originalUrl), owner_tenant_id: owner },
      });
      throw new NotFoundError(owned.notFound);
    }
    return true;
  }
}
