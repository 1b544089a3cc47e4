import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const TOKEN_SECRET_LENGTH = 48;
// `<id>|<secret>`: the id finds the row, only the secret's SHA-256 is stored.
const TOKEN_FORMAT = /^([1-9][0-9]{0,17})\|([A-Za-z0-9]{40,128})$/;

/** 48 base62 characters from the CSPRNG (≈285 bits), without modulo bias. */
export function newTokenSecret(length = TOKEN_SECRET_LENGTH): string {
  let secret = '';
  while (secret.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && secret.length < length) secret += BASE62[byte % 62];
    }
  }
  return secret;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function formatBearerToken(id: string | number, secret: string): string {
  return `${id}|${secret}`;
}

/** Null for anything that is not `<id>|<secret>`: it cannot name a token, so no query is made. */
export function parseBearerToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN_FORMAT.exec(token);
  return match ? { id: match[1], secret: match[2] } : null;
}

/** Constant-time comparison of the presented secret with the stored hash. */
export function secretMatchesHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashTokenSecret(secret), 'hex');
  const stored = Buffer.from(storedHash.trim(), 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
