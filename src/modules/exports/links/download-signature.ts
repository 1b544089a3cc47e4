import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a link is refused: its signature does not verify, or it verifies but its time is up. */
export type LinkCheck = 'valid' | 'invalid' | 'expired';

const SIGNATURE = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * The key download links are signed with: derived from APP_KEY for this one purpose, so a
 * signature made here can never stand for anything else signed with APP_KEY (and the reverse).
 */
export function downloadSigningKey(appKey: string): Buffer {
  return createHmac('sha256', appKey).update('export-download').digest();
}

/** Lowercase hex HMAC-SHA256 of `<id>.<expires>`: the link names one file until one second. */
export function signDownload(key: Buffer, fileId: string, expires: number): string {
  return createHmac('sha256', key).update(`${fileId}.${expires}`).digest('hex');
}

/**
 * Checks a link's `expires` and `signature` query values as the client sent them (anything: absent,
 * repeated, not text). The comparison takes the same time wherever the signatures differ.
 */
export function checkDownload(key: Buffer, fileId: string, expires: unknown, signature: unknown, nowMs: number): LinkCheck {
  if (typeof expires !== 'string' || typeof signature !== 'string') return 'invalid';
  if (!UNIX_SECONDS.test(expires) || !SIGNATURE.test(signature)) return 'invalid';
  const expected = Buffer.from(signDownload(key, fileId, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) * 1000 > nowMs ? 'valid' : 'expired';
}
