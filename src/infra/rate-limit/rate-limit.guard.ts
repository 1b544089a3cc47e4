import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { RATE_LIMIT_GROUPS, RateLimitEntry, RateLimitGroup } from './rate-limit-groups';
import { RATE_LIMIT_GROUPS_KEY } from './rate-limit.decorator';
import { recordRemaining } from './rate-limit-remaining';

const DEFAULT_GROUPS: RateLimitEntry[] = ['api'];
const GENERIC_MESSAGE = 'Too Many Attempts.';
/** Trackers longer than this are hashed, so no counter key is longer than ~150 characters. */
const MAX_TRACKER_LENGTH = 128;

/**
 * @nestjs/throttler applies every configured throttler to every route; here a route is counted
 * only in its own groups, counters are shared per group (like named limiters: one `api` budget per
 * user across all `api` routes), and the headers carry plain names with no per-throttler suffix.
 * The groups are counted in the route's order, and the first that refuses ends the count: a refused
 * request leaves no counter in groups it never reached.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  /** The configured limit of each group (RateLimitModule), by group name. */
  private readonly throttlers: Map<string, ThrottlerOptions>;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly storageService: ThrottlerStorage,
    private readonly reflector: Reflector,
  ) {
    const throttlers = Array.isArray(options) ? options : options.throttlers;
    this.throttlers = new Map(throttlers.map((throttler) => [throttler.name ?? 'default', throttler]));
  }

  /** A route counted in no group is decided here, without a promise (Nest awaits only what is one). */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const entries = this.entriesOf(context);
    return entries.length === 0 ? true : this.count(context, entries);
  }

  private async count(context: ExecutionContext, entries: RateLimitEntry[]): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    let tightest: { limit: number; remaining: number } | undefined;
    let refused: { group: RateLimitGroup; retryAfter: number } | undefined;

    for (const entry of entries) {
      const { group, tracker } = typeof entry === 'string' ? { group: entry, tracker: RATE_LIMIT_GROUPS[entry].tracker } : entry;
      const throttler = this.throttlers.get(group);
      const counted = tracker?.(req) ?? null;
      if (!throttler || counted === null) continue;
      const limit = throttler.limit as number;
      const { totalHits, timeToExpire, isBlocked } = await this.storageService.increment(
        `${group}:${boundedTracker(counted)}`,
        throttler.ttl as number,
        limit,
        throttler.ttl as number,
        group,
      );
      const remaining = Math.max(0, limit - totalHits);
      recordRemaining(req, group, remaining);
      if (!tightest || remaining < tightest.remaining) tightest = { limit, remaining };
      if (isBlocked) {
        refused = { group, retryAfter: timeToExpire };
        break;
      }
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

  /** The route's groups, read once per handler: the decorators' metadata never changes at run time. */
  private entriesOf(context: ExecutionContext): RateLimitEntry[] {
    const handler = context.getHandler();
    const owner = context.getClass();
    const cached = this.routes.get(handler);
    if (cached?.owner === owner) return cached.entries;
    const entries =
      this.reflector.getAllAndOverride<RateLimitEntry[] | undefined>(RATE_LIMIT_GROUPS_KEY, [handler, owner]) ?? DEFAULT_GROUPS;
    this.routes.set(handler, { owner, entries });
    return entries;
  }

  private readonly routes = new WeakMap<object, { owner: object; entries: RateLimitEntry[] }>();
}

function boundedTracker(tracker: string): string {
  return tracker.length <= MAX_TRACKER_LENGTH ? tracker : `sha256:${createHash('sha256').update(tracker).digest('hex')}`;
}
