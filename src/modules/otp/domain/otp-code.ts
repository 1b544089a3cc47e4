import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits from the CSPRNG, zero-padded: every code from 000000 to 999999 is equally likely. */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * What is stored instead of the code: an HMAC keyed by APP_KEY and bound to the session, so a
 * leaked table reveals no code and a hash cannot be replayed against another session.
 */
export function hashOtpCode(appKey: string, sessionId: string, code: string): string {
  return createHmac('sha256', appKey).update(`${sessionId}:${code}`).digest('hex');
}

export function otpCodeMatches(appKey: string, sessionId: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashOtpCode(appKey, sessionId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
