import * as argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): about 25 ms a hash, so a burst
 * of registrations does not queue for seconds on libuv's four threads, while a GPU attacker still
 * pays 19 MiB per guess. The parameters are stored in each hash, so raising them later only
 * affects new hashes (and `needsRehash` can upgrade old ones at sign-in).
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
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

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
}
