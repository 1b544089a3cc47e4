import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { RATE_LIMIT_GROUPS, RateLimitGroup } from './rate-limit-groups';
import { RATE_LIMIT_GROUPS_KEY } from './rate-limit.decorator';

const DEFAULT_GROUPS: RateLimitGroup[] = ['api'];
const GENERIC_MESSAGE = 'Too Many Attempts.';

/**
 * @nestjs/throttler applies every configured throttler to every route; here a route is counted
 * only in its own groups, counters are shared per group (like named limiters: one `api` budget per
 * user across all `api` routes), and the headers carry plain names with no per-throttler suffix.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const groups =
      this.reflector.getAllAndOverride<RateLimitGroup[] | undefined>(RATE_LIMIT_GROUPS_KEY, [context.getHandler(), context.getClass()]) ??
      DEFAULT_GROUPS;
    if (groups.length === 0) return true;

    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    let tightest: { limit: number; remaining: number } | undefined;
    let refused: { group: RateLimitGroup; retryAfter: number } | undefined;

    for (const group of groups) {
      const throttler = this.throttlers.find((candidate) => candidate.name === group);
      const tracker = RATE_LIMIT_GROUPS[group].tracker(req);
      if (!throttler || tracker === null) continue;
      const limit = throttler.limit as number;
      const { totalHits, timeToExpire, isBlocked } = await this.storageService.increment(
        `${group}:${tracker}`,
        throttler.ttl as number,
        limit,
        throttler.ttl as number,
        group,
      );
      const remaining = Math.max(0, limit - totalHits);
      if (!tightest || remaining < tightest.remaining) tightest = { limit, remaining };
      if (isBlocked && (!refused || timeToExpire > refused.retryAfter)) refused = { group, retryAfter: timeToExpire };
    }

    if (tightest) {
      res.setHeader('X-RateLimit-Limit', tightest.limit);
      res.setHeader('X-RateLimit-Remaining', tightest.remaining);
    }
    if (refused) {
      res.setHeader('Retry-After', refused.retryAfter);
      const message = RATE_LIMIT_GROUPS[refused.group].message?.(refused.retryAfter) ?? GENERIC_MESSAGE;
      throw new ThrottlerException(message);
    }
    return true;
  }
}
