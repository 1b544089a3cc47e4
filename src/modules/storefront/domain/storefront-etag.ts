import { createHash } from 'node:crypto';

/**
 * A strong entity tag for a JSON answer: a digest of its exact serialisation. Availability follows
 * checkout holds that start and expire without any write to the catalog, so no row version could
 * stand for the answer; the answer itself does.
 */
export function entityTag(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}
