import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Request } from 'express';
import type { StorefrontTenantDirectory } from './ports';
import { RequestContextGuard } from './request-context.guard';
import type { StorefrontTenant } from './request-context';
import { Storefront } from './storefront.decorator';

const SHOP: StorefrontTenant = { id: '6f1c2b1e-8d3a-4c55-9a0e-0c1d2e3f4a5b', slug: 'corner-shop', isPublic: true };
const UNKNOWN = 'a0a0a0a0-0000-4000-8000-000000000000';

class StorefrontController {
  @Storefront({ from: 'body-id-or-slug', unknown: { status: 404, message: 'This shop is not available.' } })
  track(): void {}
}

/** A directory over a map: `cached` is what it answers without a look-up; `lookUps` counts the others. */
function directory(cached: Map<string, StorefrontTenant | null>) {
  const lookUps: string[] = [];
  const answer = async (key: string) => {
    lookUps.push(key);
    return key === `id:${SHOP.id}` ? SHOP : null;
  };
  const port: StorefrontTenantDirectory = {
    byId: (id) => answer(`id:${id}`),
    bySlug: (slug) => answer(`slug:${slug}`),
    known: (kind, value) => cached.get(`${kind}:${value}`),
  };
  return { port, lookUps };
}

function activate(guard: RequestContextGuard, body: Record<string, unknown>) {
  const req = { headers: {}, body, socket: {} } as unknown as Request;
  const context = new ExecutionContextHost([req, {}, () => undefined], StorefrontController, StorefrontController.prototype.track);
  context.setType('http');
  return { result: guard.canActivate(context), req };
}

describe('RequestContextGuard on a storefront route', () => {
  it('decides without a promise when the directory knows the shop, or knows it does not exist', () => {
    const { port, lookUps } = directory(
      new Map<string, StorefrontTenant | null>([
        [`id:${SHOP.id}`, SHOP],
        [`id:${UNKNOWN}`, null],
      ]),
    );
    const guard = new RequestContextGuard(new Reflector(), port);

    const known = activate(guard, { tenant_id: SHOP.id });
    expect(known.result).toBe(true);
    expect(known.req.context!.storefrontTenant()).toEqual(SHOP);

    const absent = activate(guard, { tenant_id: UNKNOWN });
    expect(absent.result).toBe(true);
    expect(() => absent.req.context!.storefrontTenant()).toThrow('This shop is not available.');
    expect(lookUps).toEqual([]);
  });

  it('looks the shop up when the directory does not know it yet', async () => {
    const { port, lookUps } = directory(new Map());
    const guard = new RequestContextGuard(new Reflector(), port);
    const { result, req } = activate(guard, { tenant_id: SHOP.id });
    expect(result).toBeInstanceOf(Promise);
    await expect(result).resolves.toBe(true);
    expect(req.context!.storefrontTenant()).toEqual(SHOP);
    expect(lookUps).toEqual([`id:${SHOP.id}`]);
  });
});
