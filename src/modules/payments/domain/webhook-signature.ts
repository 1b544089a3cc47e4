import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function signWebhookBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True when `signature` is the lowercase hex HMAC-SHA256 of the exact bytes. Anything malformed
 * (wrong length, upper case, not hex, missing) is simply false: never an exception.
 */
export function isValidWebhookSignature(secret: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature) || !secret) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
