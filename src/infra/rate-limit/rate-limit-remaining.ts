import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RateLimitGroup } from './rate-limit-groups';

const remainingByRequest = new WeakMap<Request, Map<RateLimitGroup, number>>();

/** Called by the rate-limit guard for each group that counted the request. */
export function recordRemaining(req: Request, group: RateLimitGroup, remaining: number): void {
  let groups = remainingByRequest.get(req);
  if (!groups) remainingByRequest.set(req, (groups = new Map()));
  groups.set(group, remaining);
}

/**
 * What a group still allows the caller after this request (`remaining_attempts` of
 * POST /ai/generate); null when the group did not count it.
 */
export const RateLimitRemaining = createParamDecorator((group: RateLimitGroup, context: ExecutionContext): number | null => {
  return remainingByRequest.get(context.switchToHttp().getRequest<Request>())?.get(group) ?? null;
});
