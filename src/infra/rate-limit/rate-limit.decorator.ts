import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { NO_RATE_LIMIT } from '@common/http/openapi-document';
import type { RateLimitEntry } from './rate-limit-groups';

export const RATE_LIMIT_GROUPS_KEY = 'storefront:rate-limit-groups';

/**
 * Puts a route (or every route of a controller) in one or more rate-limit groups, counted in the
 * order listed: once one refuses the request, the later ones do not count it. A route with no
 * annotation is in `api`; see `SkipRateLimit` for routes no client should be limited on.
 */
export const RateLimit = (...groups: [RateLimitEntry, ...RateLimitEntry[]]) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_GROUPS_KEY, groups),
    ApiResponse({
      status: 429,
      description: `Rate limit exceeded (${groups.map((entry) => (typeof entry === 'string' ? entry : entry.group)).join(', ')})`,
    }),
  );

/** For probes and signed machine-to-machine endpoints. */
export const SkipRateLimit = () => applyDecorators(SetMetadata(RATE_LIMIT_GROUPS_KEY, []), ApiExtension('x-rate-limit', NO_RATE_LIMIT));
