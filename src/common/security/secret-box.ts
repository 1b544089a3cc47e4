import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (decisions §15): AES-256-GCM with a key derived from APP_KEY by HKDF-SHA256
 * for one purpose, so a box sealed for one use never opens for another (nor does anything else
 * keyed by APP_KEY). A box is `sb1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 12-byte IV each
 * time, and the GCM tag, so an altered box is refused rather than opened to garbage. `context`
 * (authenticated, not stored) binds a box to where it is kept: a box copied to another record
 * does not open there.
 */

const VERSION = 'sb1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SALT = 'storefront secret-box';

/** A box that does not open: another key or context, altered, or not a box at all. */
export class SecretBoxError extends Error {
  constructor(message = 'The sealed secret cannot be opened.') {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The 32-byte key of one purpose (`'idempotency-records'`), derived from APP_KEY. */
export function secretBoxKey(appKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, SALT, purpose, KEY_BYTES));
}

export function sealSecret(key: Buffer, plaintext: string, context = ''): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text `sealSecret` sealed with this key and context; throws SecretBoxError otherwise. */
export function openSecret(key: Buffer, sealed: string, context = ''): string {
  assertKey(key);
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError();
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError();
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error('The secret box takes a 32-byte key (secretBoxKey)');
}
