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
}
