/**
 * Query parameters a log may show (decisions §11, §15 "Logs"): the lists' paging and filters and
 * the tenant reference, none of them a secret. Anything else (a signed link's `expires` and
 * `signature`, a `token`, a `code`, whatever a client invents) is left out, name and value.
 */
const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set(['page', 'cursor', 'limit', 'status', 'q', 'tz', 'from', 'to', 'tenant_id']);

/** Longest URL a log line or a security-log row keeps (decisions §15): the rest is cut off. */
export const MAX_LOGGED_URL_LENGTH = 512;

/** Longest value of one whitelisted parameter that is written. */
const MAX_LOGGED_VALUE_LENGTH = 100;

/**
 * What logs write of a request's URL (`/api/v1/orders?status=pending&page=2`): the path, and of the
 * query only the whitelisted parameters (each value at most 100 characters, as the client encoded
 * it), at most 512 characters in all. The fragment, never sent by browsers, is dropped with the rest.
 */
export function loggableUrl(url: string | undefined): string {
  if (!url) return '';
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).split('#')[0];
  const kept: string[] = [];
  if (queryAt !== -1) {
    for (const pair of url
      .slice(queryAt + 1)
      .split('#')[0]
      .split('&')) {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (LOGGED_QUERY_PARAMETERS.has(name))
        kept.push(`${name}=${equals === -1 ? '' : pair.slice(equals + 1, equals + 1 + MAX_LOGGED_VALUE_LENGTH)}`);
    }
  }
  const loggable = kept.length > 0 ? `${path}?${kept.join('&')}` : path;
  return loggable.slice(0, MAX_LOGGED_URL_LENGTH);
}
