import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export interface StorefrontClientOptions {
  /** Where the API is served, without the `/api/v1` of the paths: `https://api.example.com`. */
  baseUrl: string;
  /**
   * The bearer token (register, login, a verified one-time code): a string, or a function asked
   * before every request, for an app whose user signs in and out while the client lives.
   */
  token?: string | (() => string | null | undefined);
  /** Another fetch (tests, server-side rendering with a fetch of its own); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The typed client: `client.GET('/api/v1/orders', { params: { query: { page: 2 } } })` answers `{ data, error, response }`. */
export type StorefrontClient = Client<paths>;

/** A client of the Storefront Platform API, typed from `openapi.json` (`npm run api:generate`). */
export function createStorefrontClient({ baseUrl, token, fetch }: StorefrontClientOptions): StorefrontClient {
  const client = createClient<paths>({ baseUrl, fetch });
  if (token !== undefined) client.use(bearer(token));
  return client;
}

/** Sets `Authorization: Bearer <token>` unless the request names one itself (or there is no token now). */
function bearer(token: NonNullable<StorefrontClientOptions['token']>): Middleware {
  return {
    onRequest({ request }) {
      const value = typeof token === 'function' ? token() : token;
      if (value && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${value}`);
      return request;
    },
  };
}
