export const IDEMPOTENT_KEY = 'storefront:idempotent';

export interface IdempotentOptions {
  /** Request headers that carry the key, in order of preference. */
  headers: string[];
  /** A body field that carries the key when no header does. */
  bodyField?: string;
  /**
   * The kept answer holds a secret (a bearer token): its body is stored sealed (secret-box, a key
   * derived from APP_KEY), never as plain text (decisions §15).
   */
  sealed?: boolean;
  /**
   * The handler keeps the key durably with its work (`IdempotencyOf`): a retry that finds the store's
   * claim still running (its first request died, or could not keep its answer) is handed to the
   * handler with `claimedElsewhere`, to be answered from what it kept, instead of a plain 409.
   */
  durable?: boolean;
}
