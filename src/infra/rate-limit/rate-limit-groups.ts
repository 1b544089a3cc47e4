import type { Request } from 'express';
import { Env } from '@config/env.validation';

export type RateLimitGroup =
  'api' | 'api.otp-generation' | 'api.otp-identifier' | 'api.verification' | 'api.transactions' | 'tenant-aware' | 'ai-gen';

export interface RateLimitGroupDefinition {
  /** Variable holding `<limit>/<seconds>`. */
  env: keyof Env;
  /** Who shares one counter. `null` means the request carries nothing to count by, so this group does not apply. */
  tracker: (req: Request) => string | null;
  /** The 429 message; the contract's generic text unless a group says otherwise. */
  message?: (retryAfterSeconds: number) => string;
}

const ip = (req: Request) => `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
const userOrIp = (req: Request) => (req.context?.user ? `user:${req.context.user.id}` : ip(req));

function bodyString(req: Request, field: string): string | null {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
}

export const RATE_LIMIT_GROUPS: Record<RateLimitGroup, RateLimitGroupDefinition> = {
  api: { env: 'THROTTLE_API', tracker: userOrIp },
  'api.otp-generation': { env: 'THROTTLE_OTP_GENERATION', tracker: ip },
  // Caps codes sent to one address or phone, whoever asks: stops using the service to flood a victim.
  'api.otp-identifier': {
    env: 'THROTTLE_OTP_PER_IDENTIFIER',
    tracker: (req) => {
      const identifier = bodyString(req, 'identifier');
      return identifier ? `identifier:${identifier.replace(/\s+/g, '')}` : null;
    },
  },
  'api.verification': { env: 'THROTTLE_VERIFICATION', tracker: userOrIp },
  'api.transactions': { env: 'THROTTLE_TRANSACTIONS', tracker: userOrIp },
  'tenant-aware': {
    env: 'THROTTLE_TENANT_AWARE',
    tracker: (req) => `tenant:${bodyString(req, 'tenant_id') ?? '-'}:${ip(req)}`,
  },
  'ai-gen': {
    env: 'THROTTLE_AI_GENERATE',
    tracker: (req) => (req.context?.user ? `ai-gen:${req.context.user.id}` : ip(req)),
    message: (seconds) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return `Too many generation requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    },
  },
};
