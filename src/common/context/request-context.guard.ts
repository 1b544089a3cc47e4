import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { UnauthenticatedError } from '@common/errors/domain.error';
import { isUuid } from '@common/http/resource-ids';
import { AUTH_MODE_KEY, AuthMode } from './auth.decorators';
import { STOREFRONT_TENANTS, StorefrontTenantDirectory } from './ports';
import { Principal, RequestContext, StorefrontTenant } from './request-context';
import { STOREFRONT_KEY, StorefrontOptions } from './storefront.decorator';

/**
 * The one global guard that says who is calling, before any other guard (rate limits keyed by user
 * see the user). It checks the bearer token where the route asks for one (`@Authenticated()`: 401
 * without a valid one; `@OptionalAuth()`: the user when the token is valid), resolves the shop a
 * `@Storefront()` route names, and leaves it all on the request as one `RequestContext`.
 */
@Injectable()
export class RequestContextGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(STOREFRONT_TENANTS) private readonly tenants: StorefrontTenantDirectory,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const { mode, storefront } = this.routeOf(context);
    const authenticates = mode === 'required' || (mode === 'optional' && Boolean(req.headers.authorization));
    // A route that asks for neither a user nor a shop, or only for a shop the directory knows
    // already (the storefront's hot paths), is decided here, without a promise.
    if (!authenticates) {
      const reference = storefront ? storefrontReference(req, storefront) : null;
      const known = reference ? this.tenants.known(reference.kind, reference.value) : null;
      if (known !== undefined) {
        req.context = contextFor(req, known, reference !== null, storefront?.unknown ?? null);
        return true;
      }
    }
    return this.activate(context, req, authenticates, storefront);
  }

  private async activate(
    context: ExecutionContext,
    req: Request,
    authenticates: boolean,
    storefront: StorefrontOptions | undefined,
  ): Promise<boolean> {
    if (authenticates) await super.canActivate(context);
    const reference = storefront ? storefrontReference(req, storefront) : null;
    const tenant = reference ? await this.lookUp(reference, storefront!) : null;
    req.context = contextFor(req, tenant, reference !== null, storefront?.unknown ?? null);
    return true;
  }

  override handleRequest<TUser = Principal>(error: unknown, user: TUser | false | null, _info: unknown, context: ExecutionContext): TUser {
    // A failing database is an outage (500), not a bad token.
    if (error) throw error;
    if (user) return user;
    if (this.routeOf(context).mode === 'optional') return undefined as TUser;
    throw new UnauthenticatedError();
  }

  private async lookUp(reference: TenantReference, options: StorefrontOptions): Promise<StorefrontTenant | null> {
    const lookUp = reference.kind === 'id' ? this.tenants.byId(reference.value) : this.tenants.bySlug(reference.value);
    // A route that answers an unknown shop itself (interactions: 202, no feedback) answers a failed
    // look-up the same way instead of failing the request.
    return options.unknown === 'handler' ? lookUp.catch(() => null) : lookUp;
  }

  /** What the route declares, read once per handler: the decorators' metadata never changes at run time. */
  private routeOf(context: ExecutionContext): RouteDeclaration {
    const handler = context.getHandler();
    const owner = context.getClass();
    const cached = this.routes.get(handler);
    if (cached?.owner === owner) return cached;
    const targets = [handler, owner];
    const route = {
      owner,
      mode: this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE_KEY, targets),
      storefront: this.reflector.getAllAndOverride<StorefrontOptions | undefined>(STOREFRONT_KEY, targets),
    };
    this.routes.set(handler, route);
    return route;
  }

  private readonly routes = new WeakMap<object, RouteDeclaration>();
}

interface RouteDeclaration {
  owner: object;
  mode: AuthMode | undefined;
  storefront: StorefrontOptions | undefined;
}

function contextFor(
  req: Request,
  tenant: StorefrontTenant | null,
  tenantNamed: boolean,
  unknownTenant: StorefrontOptions['unknown'] | null,
): RequestContext {
  return new RequestContext(
    typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : '',
    () => req.ip ?? req.socket.remoteAddress ?? 'unknown',
    req.user ?? null,
    tenant,
    tenantNamed,
    unknownTenant,
  );
}

interface TenantReference {
  kind: 'id' | 'slug';
  value: string;
}

/** The shop reference the request carries, before any look-up. `0`, `""` and absent mean absent. */
function storefrontReference(req: Request, options: StorefrontOptions): TenantReference | null {
  if (options.from === 'query') return idReference(req.query.tenant_id);
  const bodyTenant = (req.body as Record<string, unknown> | undefined)?.tenant_id;
  if (options.from === 'body-id-or-slug') {
    const text = present(bodyTenant);
    return text === null ? null : { kind: isUuid(text) ? 'id' : 'slug', value: text };
  }
  const fromBody = idReference(bodyTenant);
  if (fromBody || options.from === 'body') return fromBody;
  const header = idReference(req.headers['x-tenant-id']);
  if (header) return header;
  const slug = present(req.headers['x-tenant-slug']);
  return slug ? { kind: 'slug', value: slug } : null;
}

function idReference(value: unknown): TenantReference | null {
  const text = present(value);
  return text ? { kind: 'id', value: text } : null;
}

function present(value: unknown): string | null {
  if (typeof value === 'number') return value === 0 ? null : String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text === '0' ? null : text;
}
