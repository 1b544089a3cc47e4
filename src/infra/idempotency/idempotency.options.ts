export const IDEMPOTENT_KEY = 'storefront:idempotent';

export interface IdempotentOptions {
  /** Request headers that carry the key, in order of preference. */
  headers: string[];
  /** A body field that carries the key when no header does. */
  bodyField?: string;
}
