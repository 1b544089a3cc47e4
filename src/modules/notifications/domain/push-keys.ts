import { ECDH } from 'node:crypto';

/**
 * The keys a browser's PushSubscription gives (RFC 8291): `p256dh`, its P-256 public key as an
 * uncompressed point (65 bytes), and `auth`, a 16-byte secret, both base64url. Checked on
 * registration so that encrypting a push later can never fail on a stored subscription.
 */
export const P256DH_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

// base64url as browsers write it; trailing padding is tolerated (some clients add it).
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decode(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

export function isPushAuthSecret(value: string): boolean {
  return decode(value)?.length === AUTH_SECRET_BYTES;
}

/** A point on the P-256 curve, not just 65 bytes: the encryption's key agreement rejects anything else. */
export function isPushPublicKey(value: string): boolean {
  const key = decode(value);
  if (key?.length !== P256DH_BYTES || key[0] !== 0x04) return false;
  try {
    ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The key as web-push expects it: unpadded base64url. */
export function canonicalPushKey(value: string): string {
  return value.replace(/=+$/, '');
}
