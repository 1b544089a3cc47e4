import { createStorefrontClient, type StorefrontClient } from '@client';
import i18n from '../i18n';
import { connection } from './connection';
import { ApiError, type FieldErrors } from './errors';
import { currentToken, signedOut } from './session';

/**
 * The API, through the client generated from the API document (decisions §16): a change of the API
 * that breaks the dashboard fails its type-check. Same origin as the dashboard, so no CORS.
 */
export const api: StorefrontClient = createStorefrontClient({ baseUrl: window.location.origin, token: currentToken });

api.use({
  // The API words its errors (422 field errors included) in the language the page shows
  // (docs/http-contract.md, "Languages"); a call that sets the header itself keeps its own.
  onRequest({ request }) {
    if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', i18n.language);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && request.headers.get('Authorization') === `Bearer ${currentToken()}`) {
      // The token is gone (revoked, expired): back to sign-in, with a message there. A 401 for a
      // token already replaced (proving the email hands out a new one) ends nothing.
      signedOut('expired');
    } else if (response.status === 503 || response.status === 502 || response.status === 504) {
      connection.unreachable();
    } else if (response.status === 429) {
      connection.rateLimited(retryAfterOf(response) ?? 5);
    } else {
      connection.reached();
    }
    return response;
  },
});

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, else an ApiError carrying the API's message, its field errors
 * (422) and its Retry-After (429, 503). A network failure is an ApiError with status 0.
 */
export async function unwrap<D>(pending: Promise<Answer<D>>): Promise<D> {
  let answer: Answer<D>;
  try {
    answer = await pending;
  } catch (cause) {
    connection.unreachable();
    throw new ApiError(0, cause instanceof Error ? cause.message : 'Network error');
  }
  const { data, error, response } = answer;
  if (response.ok) return data as D;
  const body = (error ?? {}) as { message?: unknown; errors?: unknown };
  const message = typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`;
  const fieldErrors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : {};
  throw new ApiError(response.status, message, fieldErrors, retryAfterOf(response));
}
