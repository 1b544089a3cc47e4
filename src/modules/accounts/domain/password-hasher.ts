import * as argon2 from 'argon2';

/**
 * argon2id with the library's defaults (RFC 9106's second recommendation: 64 MiB, 3 passes,
 * 4 lanes). Hashing runs on libuv's thread pool, so it never blocks the event loop.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** For a future password sign-in; false for accounts without a password. */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
