import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'storefront/secret-box/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const keys = new Map<string, Buffer>();

function keyFor(appKey: string): Buffer {
  let key = keys.get(appKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), INFO, 32));
    // One APP_KEY per process in practice; the bound only guards against a caller looping over keys.
    if (keys.size >= 4) keys.clear();
    keys.set(appKey, key);
  }
  return key;
}

/**
 * Secrets kept at rest outside the database's own protection (queue jobs in Redis or PostgreSQL)
 * are sealed with AES-256-GCM under a key derived from APP_KEY by HKDF-SHA256 for this one purpose,
 * so the key never signs or hashes anything else (decisions §15). The text is
 * `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh 96-bit IV per seal, and the tag refuses any
 * change and any other APP_KEY.
 */
export function sealSecret(plain: string, appKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Throws when the text is not a sealed secret, was changed, or was sealed under another APP_KEY. */
export function openSecret(sealed: string, appKey: string): string {
  const parts = sealed.split('.');
  const refuse = () => new Error('The sealed secret cannot be opened: malformed, changed, or sealed under another APP_KEY');
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((part) => BASE64URL.test(part))) throw refuse();
  const iv = Buffer.from(parts[1], 'base64url');
  const tag = Buffer.from(parts[2], 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw refuse();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appKey), iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw refuse();
  }
}
