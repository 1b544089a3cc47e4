import * as argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): about 25 ms a hash, so a burst
 * of registrations does not queue for seconds on libuv's four threads, while a GPU attacker still
 * pays 19 MiB per guess. The parameters are stored in each hash, so raising them later only
 * affects new hashes. Not in `domain/`: hashing runs native code on libuv's thread pool, an
 * effect; the password rule itself (`domain/password-rule.ts`) is pure.
 */
const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}
