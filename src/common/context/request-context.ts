import type { Request } from 'express';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';

export const USER_ROLES = ['owner', 'admin', 'staff', 'customer'] as const;
/** A user's role within its tenant. */
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user, as the bearer token names it. */
export interface Principal {
  id: string;
  tenantId: string | null;
  role: UserRole;
  isSuperAdmin: boolean;
  /** The personal access token this request was authenticated with (for revocation). */
  tokenId: string;
  /** When that token expires (null: never); a realtime connection is closed then (docs/notifications.md). */
  tokenExpiresAt: Date | null;
}

/** The shop a public storefront request is for (decisions §1). */
export interface StorefrontTenant {
  id: string;
  slug: string;
  /** Not soft-deleted and active: its storefront is open to the public. */
  isPublic: boolean;
}

/**
 * How a storefront route answers a request whose shop cannot be identified, or is not open. The
 * spec fixes a different answer per endpoint (orders 422 on `tenant_id`, hold-inventory and the
 * public coupon list 400, analytics/track 404); routes declare theirs with `@Storefront()`, and
 * `RequestContext.storefrontTenant()` is the one place that raises it.
 */
export type UnknownTenantAnswer =
  | { status: 422; message: string }
  | {
      status: 400 | 404;
      message: string;
      /** Said instead of `message` when the request names no shop at all. */
      absentMessage?: string;
      body?: Record<string, unknown>;
    }
  /** The handler decides (interactions accept silently; the conversion beacon skips). */
  | 'handler';

export class UnknownStorefrontTenantError extends DomainError {
  constructor(message: string, status: 400 | 404, body: Record<string, unknown> = {}) {
    super('unknown_tenant', message, status, body);
  }
}

/**
 * Everything a handler needs to know about who is calling, resolved once per request by
 * `RequestContextGuard` and handed over by `@Ctx()`. Commands, queries and jobs receive the parts
 * they need (a tenant id, a user id) explicitly from it.
 */
export class RequestContext {
  constructor(
    readonly requestId: string,
    /** The client's address, read when first asked for: under TRUST_PROXY it walks `X-Forwarded-For`. */
    private readonly clientAddress: () => string,
    /** The signed-in user; null on public routes and on optional-auth routes without a valid token. */
    readonly user: Principal | null,
    /** The storefront shop the request names (storefront routes only); null when it names none or an unknown one. */
    readonly storefront: StorefrontTenant | null,
    private readonly storefrontNamed: boolean,
    private readonly unknownTenant: UnknownTenantAnswer | null,
  ) {}

  private address: string | undefined;

  /** The client's address (Express `req.ip`, so TRUST_PROXY applies). */
  get ip(): string {
    return (this.address ??= this.clientAddress());
  }

  /** The caller's own tenant (merchant routes). */
  get tenantId(): string | null {
    return this.user?.tenantId ?? null;
  }

  get role(): UserRole | null {
    return this.user?.role ?? null;
  }

  /** The signed-in user on an `@Authenticated()` route (the guard has made sure there is one). */
  get principal(): Principal {
    if (!this.user) throw new Error('RequestContext.principal read on a route that is not @Authenticated()');
    return this.user;
  }

  /** The caller's shop on a `@MerchantArea()` route (the tenant access guard has made sure there is one). */
  get merchantTenantId(): string {
    const tenantId = this.user?.tenantId;
    if (!tenantId) throw new Error('RequestContext.merchantTenantId read on a route that is not @MerchantArea()');
    return tenantId;
  }

  /** The open shop this storefront request is for, or the route's declared refusal. */
  storefrontTenant(): StorefrontTenant {
    if (this.storefront?.isPublic) return this.storefront;
    const answer = this.unknownTenant;
    if (!answer || answer === 'handler')
      throw new Error('storefrontTenant() called on a route without a refusal declared by @Storefront()');
    if (answer.status === 422) throw ValidationFailedError.field('tenant_id', answer.message);
    const message = !this.storefrontNamed && answer.absentMessage ? answer.absentMessage : answer.message;
    throw new UnknownStorefrontTenantError(message, answer.status, answer.body);
  }
}

export function contextOf(req: Request): RequestContext {
  if (!req.context) throw new Error('No request context: RequestContextGuard did not run for this route');
  return req.context;
}
