import type { Request } from 'express';
import { clientNetwork } from '@common/http/client-network';
import { Env } from '@config/env.schema';

export type RateLimitGroup =
  | 'api'
  | 'api.otp-generation'
  | 'api.otp-identifier'
  | 'api.verification'
  | 'api.transactions'
  | 'tenant-aware'
  | 'storefront'
  | 'ai-gen'
  | 'ai-optimize'
  | 'register-shops';

/**
 * Who shares one counter. `null` means the request carries nothing to count by, so the group does
 * not apply. Only bounded, canonical values (decisions §2): ids the service resolved, a client
 * network, a normalised identifier; never a raw body field.
 */
export type RateLimitTracker = (req: Request) => string | null;

/**
 * A group counted by a tracker its route declares, for counters keyed by something only the
 * route's feature understands (the OTP identifier's canonical form): infra knows no feature.
 */
export interface RateLimitRule {
  group: RateLimitGroup;
  tracker: RateLimitTracker;
}

/** Groups without a tracker of their own: a route lists them only as a `RateLimitRule`. */
type RouteKeyedGroup = 'api.otp-identifier' | 'register-shops';

/** What `@RateLimit(...)` lists, in the order the groups are counted. */
export type RateLimitEntry = Exclude<RateLimitGroup, RouteKeyedGroup> | RateLimitRule;

export interface RateLimitGroupDefinition {
  /** Variable holding `<limit>/<seconds>`, or only the limit when the group has a `windowSeconds` of its own. */
  env: keyof Env;
  /** A window fixed by the group, not by its variable. */
  windowSeconds?: number;
  /** Absent for a route-keyed group. */
  tracker?: RateLimitTracker;
  /** The 429 message; the contract's generic text unless a group says otherwise. */
  message?: (retryAfterSeconds: number) => string;
}

const ip = (req: Request) => `ip:${clientNetwork(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;

/** The client's network (an IPv6 client's /64), the tracker of per-client groups, for a route-keyed rule. */
export const clientNetworkTracker: RateLimitTracker = ip;

/** `Please try again in N hours.` (or minutes, under an hour). */
function waitSentence(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  const hours = Math.ceil(seconds / 3600);
  return `Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`;
}
const userOrIp = (req: Request) => (req.context?.user ? `user:${req.context.user.id}` : ip(req));

export const RATE_LIMIT_GROUPS: Record<RateLimitGroup, RateLimitGroupDefinition> = {
  api: { env: 'THROTTLE_API', tracker: userOrIp },
  'api.otp-generation': { env: 'THROTTLE_OTP_GENERATION', tracker: ip },
  // Caps codes sent to one address or phone, whoever asks: stops using the service to flood a victim.
  'api.otp-identifier': { env: 'THROTTLE_OTP_PER_IDENTIFIER' },
  'api.verification': { env: 'THROTTLE_VERIFICATION', tracker: userOrIp },
  'api.transactions': { env: 'THROTTLE_TRANSACTIONS', tracker: userOrIp },
  'tenant-aware': {
    env: 'THROTTLE_TENANT_AWARE',
    // The shop the request context resolved (the request context guard runs first): a tenant id
    // that names no shop, or is malformed, counts in the one `-` bucket of its client.
    tracker: (req) => `tenant:${req.context?.storefront?.id ?? '-'}:${ip(req)}`,
  },
  // The public catalog (decisions §18): read by shoppers' browsers and the hosted pages, per client.
  storefront: { env: 'THROTTLE_STOREFRONT', tracker: ip },
  'ai-gen': {
    env: 'THROTTLE_AI_GENERATE',
    tracker: (req) => (req.context?.user ? `ai-gen:${req.context.user.id}` : ip(req)),
    message: (seconds) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return `Too many generation requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    },
  },
  'ai-optimize': {
    env: 'THROTTLE_AI_OPTIMIZE',
    // Per shop, whoever of its team asks (decisions §15). Only a member who may use the route
    // counts: a customer or a user without a shop is refused by the merchant-area guard, and must
    // not use up the shop's hour on the way.
    tracker: (req) => {
      const user = req.context?.user;
      return user?.tenantId && user.role !== 'customer' ? `ai-optimize:${user.tenantId}` : null;
    },
  },
  // New shops per client network and day (docs/security.md "Shops per network and day"): each
  // starts with AI credits, so throw-away shops must stay few. Counted by the routes that create
  // a shop, each saying which of its requests ask for one.
  'register-shops': {
    env: 'REGISTER_SHOPS_PER_IP_PER_DAY',
    windowSeconds: 86_400,
    message: (seconds) => `Too many shops were registered from this network today. ${waitSentence(seconds)}`,
  },
};
