import type { Request } from 'express';
import { clientNetworkTracker, type RateLimitRule } from '@infra/rate-limit/rate-limit-groups';

/**
 * The `register-shops` count of a route that creates shops (docs/security.md "Shops per network and
 * day"): per client network, every request that asks for a shop. Registration asks for one only
 * with a non-blank `tenant_name` (blank means none); onboarding always does. Counted before the
 * body is validated, like every limit: a refused attempt counts too.
 */
export function shopRegistrations(route: 'register' | 'onboarding'): RateLimitRule {
  return {
    group: 'register-shops',
    tracker: route === 'onboarding' ? clientNetworkTracker : (req) => (asksForShop(req) ? clientNetworkTracker(req) : null),
  };
}

function asksForShop(req: Request): boolean {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return false;
  const name = (body as { tenant_name?: unknown }).tenant_name;
  return typeof name === 'string' && name.trim() !== '';
}
